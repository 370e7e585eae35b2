import { DEFERRED_FIELD_SIZE } from '../../../bytes/lazyObject';
import { EXPORT_FORMATS, type ExportFormat, type RawInput, DownloadButton } from '../../exports';
import { countOf, pluralOf } from '../../../speckle/counts';
import { objectTitle } from '../../../speckle/titles';
import { shortTypeName, typeChain } from '../../../speckle/types';

export interface ViewSettings {
  fullStrings: boolean;
  hideInternal: boolean;
  recomposed: boolean;
}

/** An object view's heading, its downloads and the switches of how the tree shows it. */
export function ObjectHeader({
  value,
  objectId,
  headingId,
  speckleUrl,
  tree,
  onSave,
  onSaveRecomposed,
  settings,
  onSettings,
}: {
  value: object;
  objectId: string;
  headingId: string;
  speckleUrl: string | null;
  tree: { expandAll: () => void; collapseAll: () => void; closedUnread: number };
  /** Must be called in the click handler: the save dialog needs the click. */
  onSave: (format: ExportFormat<RawInput>) => void;
  /** Saves the object recomposed; null when no loaded set can resolve its references. */
  onSaveRecomposed: (() => void) | null;
  settings: ViewSettings;
  onSettings: (settings: ViewSettings) => void;
}) {
  const title = objectTitle(value);
  const speckleType = (value as { speckle_type?: unknown }).speckle_type;
  const set = (change: Partial<ViewSettings>) => onSettings({ ...settings, ...change });
  return (
    <header className="object-header">
      <h2 id={headingId}>
        <span
          title={typeof speckleType === 'string' ? typeChain(speckleType).join(' → ') : undefined}
        >
          {title.title}
        </span>
        {/* Geometry's subheader is its id, which the heading shows anyway. */}
        {title.subtitle && title.subtitle !== objectId && (
          <span className="object-name"> {title.subtitle}</span>
        )}{' '}
        <code className="object-id">{objectId}</code>
      </h2>
      {typeof speckleType === 'string' &&
        ![title.title, title.subtitle].includes(shortTypeName(speckleType)) && (
          <p className="hint">{shortTypeName(speckleType)}</p>
        )}
      {speckleUrl && (
        <a href={speckleUrl} target="_blank" rel="noreferrer noopener">
          Open in Speckle
        </a>
      )}
      <div className="row toolbar">
        <button type="button" onClick={tree.expandAll}>
          Expand all
        </button>
        <button type="button" onClick={tree.collapseAll}>
          Collapse all
        </button>
        <ClosedUnreadNote count={tree.closedUnread} />
        {([EXPORT_FORMATS.object, EXPORT_FORMATS.prettyObject] as const).map((format) => (
          <DownloadButton key={format.id} format={format} onClick={() => onSave(format)} />
        ))}
        {onSaveRecomposed && (
          <DownloadButton format={EXPORT_FORMATS.recomposed} onClick={onSaveRecomposed} />
        )}
      </div>
      <div className="row toolbar">
        <Checkbox
          label="Show long strings in full"
          checked={settings.fullStrings}
          onChange={(fullStrings) => set({ fullStrings })}
        />
        <Checkbox
          label="Hide internal fields"
          checked={settings.hideInternal}
          onChange={(hideInternal) => set({ hideInternal })}
        />
        {onSaveRecomposed && (
          <Checkbox
            label="Recomposed view"
            checked={settings.recomposed}
            onChange={(recomposed) => set({ recomposed })}
          />
        )}
      </div>
    </header>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** Why Expand all left some fields closed: parsing megabytes nobody asked for would hold the page. */
function ClosedUnreadNote({ count }: { count: number }) {
  return (
    <span className="hint" aria-live="polite">
      {count > 0 &&
        `Expand all left ${countOf(count, 'field', 'fields')} over ${DEFERRED_FIELD_SIZE} closed: ` +
          `${pluralOf(count, 'it is', 'they are')} read only when opened one by one.`}
    </span>
  );
}

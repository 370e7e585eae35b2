import { DownloadButton } from '../../exports';
import { PATH_SYNTAXES, type PathSyntax } from './pathSyntaxes';
import type { useFieldActions } from './useFieldActions';

/** The selected field's actions, with the clipboard's last word beside them. */
export function SelectedFieldToolbar({
  actions,
  clipboardMessage,
}: {
  actions: ReturnType<typeof useFieldActions>;
  clipboardMessage: string | null;
}) {
  const { hasField, syntax, setSyntax, valueFormat } = actions;
  return (
    <div className="row toolbar" role="group" aria-label="Selected field">
      <button type="button" disabled={!hasField} onClick={actions.copyValue} aria-keyshortcuts="C">
        Copy value
      </button>
      <button type="button" disabled={!hasField} onClick={actions.copyPath} aria-keyshortcuts="P">
        Copy path
      </button>
      <label className="inline-field">
        Path syntax{' '}
        <select value={syntax} onChange={(event) => setSyntax(event.target.value as PathSyntax)}>
          {Object.entries(PATH_SYNTAXES).map(([id, { label }]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={actions.copyObject} aria-keyshortcuts="O">
        Copy object JSON
      </button>
      <DownloadButton format={valueFormat} disabled={!hasField} onClick={actions.saveValue} />
      <span aria-live="polite" className="hint">
        {clipboardMessage}
      </span>
    </div>
  );
}

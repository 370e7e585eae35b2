import { memo } from 'react';
import { toJavaScriptPath } from '../../speckle/paths';
import { ShownText } from '../../shared/ShownText';
import type { ObjectMatch, SearchField } from '../../speckle/search';
import { formatCount } from '../../speckle/counts';
import { shortTypeName } from '../../speckle/types';
import { optionId } from './useResultsListbox';

const FIELD_LABELS: Record<SearchField, string> = {
  id: 'id',
  type: 'type',
  applicationId: 'applicationId',
  name: 'name',
  key: 'property name',
  value: 'value',
};

/**
 * One object's matches, as options of the results listbox. Memoised: results arrive many times a
 * second while a search runs, and only the groups that are new should render. Clicks are handled
 * by the listbox, so a group takes data only.
 */
export const SearchResultGroup = memo(function SearchResultGroup({
  object,
  listId,
  query,
  activeIndex,
}: {
  object: ObjectMatch;
  listId: string;
  query: string;
  /** The active option's place among this object's matches; -1 when it is elsewhere. */
  activeIndex: number;
}) {
  const type = shortTypeName(object.speckleType) || 'Object';
  const capped =
    object.total > object.matches.length
      ? `${formatCount(object.matches.length)} of ${formatCount(object.total)} matches shown`
      : null;
  return (
    <div
      role="group"
      // The header below, as one name: its parts would otherwise run together.
      aria-label={[type, object.name, object.id, capped && `(${capped})`].filter(Boolean).join(' ')}
      className="search-group"
    >
      <div className="search-object" aria-hidden="true">
        <span className="type" title={object.speckleType ?? undefined}>
          {type}
        </span>
        {object.name && (
          <>
            {' '}
            <span className="object-name">{object.name}</span>
          </>
        )}{' '}
        <code className="id">{object.id}</code>
        {capped && <span className="hint"> ({capped})</span>}
      </div>
      {object.matches.map((match, index) => {
        const id = optionId(listId, object.id, index);
        return (
          <div
            key={id}
            id={id}
            role="option"
            aria-selected={index === activeIndex}
            className={index === activeIndex ? 'search-option active' : 'search-option'}
          >
            <span className="search-field">{FIELD_LABELS[match.field]}</span>{' '}
            <code className="search-path">
              <ShownText text={toJavaScriptPath(match.path)} />
            </code>{' '}
            <span className="search-excerpt">
              <ShownText text={match.excerpt} query={query} />
            </span>
          </div>
        );
      })}
    </div>
  );
});

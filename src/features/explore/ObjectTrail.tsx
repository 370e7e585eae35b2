import { useEffect } from 'react';
import { Link, useNavigate, useNavigationType } from 'react-router';

/**
 * Back and forward through the objects followed, and the breadcrumb from the root to the object
 * shown. Back and forward are the browser's own history, so its buttons and keys agree with these.
 */
export function ObjectTrail({
  trail,
  hrefFor,
  titleOf,
}: {
  trail: readonly string[];
  hrefFor: (id: string) => string;
  titleOf: (id: string) => string;
}) {
  const navigate = useNavigate();
  const { canGoBack, canGoForward } = useHistoryReach();
  return (
    <div className="row object-trail">
      <nav aria-label="Object history" className="row">
        <button type="button" disabled={!canGoBack} onClick={() => void navigate(-1)}>
          Back
        </button>
        <button type="button" disabled={!canGoForward} onClick={() => void navigate(1)}>
          Forward
        </button>
      </nav>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          {trail.map((id, index) => {
            const title = titleOf(id);
            const current = index === trail.length - 1;
            return (
              <li key={`${index}-${id}`}>
                {current ? (
                  <span aria-current="page" title={id}>
                    {title}
                  </span>
                ) : (
                  <Link to={hrefFor(id)} state={{ trail: trail.slice(0, index + 1) }} title={id}>
                    {title}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}

const FURTHEST_KEY = 'speckle-explorer.history.furthest';

/**
 * Whether history has entries behind and ahead of this one. The router numbers entries
 * (`history.state.idx`); a push drops everything ahead, so the furthest entry is remembered for
 * the tab (sessionStorage survives a reload, as the browser's own history does).
 */
function useHistoryReach(): { canGoBack: boolean; canGoForward: boolean } {
  const navigationType = useNavigationType();
  const state: unknown = window.history.state;
  const index =
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { idx?: unknown }).idx === 'number'
      ? (state as { idx: number }).idx
      : 0;
  const stored = Number(sessionStorage.getItem(FURTHEST_KEY) ?? 0);
  const furthest = navigationType === 'PUSH' ? index : Math.max(index, stored || 0);
  // Written once the drawing is committed: a render may be redone or thrown away.
  useEffect(() => sessionStorage.setItem(FURTHEST_KEY, String(furthest)), [furthest]);
  return { canGoBack: index > 0, canGoForward: index < furthest };
}

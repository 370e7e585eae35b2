import { Link } from 'react-router';
import { sideDescription, type ComparedSide } from './core/comparedSide';
import { countOf, formatCount } from '../../speckle/counts';
import { formatBytes } from '../../speckle/text';
import { isLoading } from '../../objects/set/loadProgress';
import type { ObjectSet } from '../../objects/set/objectSet';
import { useLoadProgress } from '../../objects/set/useLoadProgress';

/** One version's load: its own progress, Cancel while it runs, and why it stopped if it failed. */
export function SideLoad({
  name,
  side,
  set,
  resultHref,
}: {
  name: string;
  side: ComparedSide;
  set: ObjectSet;
  /** The root's own result, with its tree and its byte-exact downloads. */
  resultHref: string;
}) {
  const progress = useLoadProgress(set);
  const loading = isLoading(progress);
  const received =
    progress.expected === null
      ? countOf(progress.received, 'object', 'objects')
      : `${formatCount(progress.received)} of ${countOf(progress.expected, 'object', 'objects')}`;
  const state = loading
    ? 'loading'
    : progress.status === 'complete'
      ? 'loaded'
      : progress.status === 'failed'
        ? 'failed'
        : 'stopped short';
  return (
    <section className="compare-side" aria-label={`${name} version`}>
      <h3>
        {name}: <code>{side.rootId}</code>
      </h3>
      <p>{sideDescription(side)}</p>
      <div className="row">
        <p>
          {received} ({formatBytes(progress.bytes)}), {state}
        </p>
        {loading && (
          <button
            type="button"
            aria-label={`Cancel loading the ${name.toLowerCase()} version`}
            onClick={() => set.cancel()}
          >
            Cancel
          </button>
        )}
      </div>
      <Link to={resultHref}>Open the {name.toLowerCase()} version with its downloads</Link>
      {progress.error && !progress.retry && (
        <p role="alert" className={progress.error.kind === 'cancelled' ? 'notice' : 'alert'}>
          The {name.toLowerCase()} version {progress.received > 0 ? 'stopped short' : 'failed'}:{' '}
          {progress.error.message}
        </p>
      )}
    </section>
  );
}

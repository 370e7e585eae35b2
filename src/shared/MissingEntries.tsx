import { Link } from 'react-router';
import { speckleRoutePath } from '../routes/address';
import { LOOKUP_REQUEST } from '../connection/useLookupServer';
import type { MissingEntry } from '../speckle/links/missingEntries';
import { missingEntryMessage, missingEntryStep, nothingToOpenMessage } from './outcomeMessages';

/**
 * Why each entry of a link matched nothing, in its own words, with a link to the next step: the
 * model's versions, the version in the model it belongs to, or the project's models. An alert
 * when the link opens nothing, a note beside the roots it does open.
 */
export function MissingEntries({
  projectId,
  server,
  entries,
  role,
}: {
  projectId: string;
  server: string | null;
  entries: readonly MissingEntry[];
  role: 'alert' | 'note';
}) {
  const className = role === 'alert' ? 'alert' : undefined;
  if (entries.length === 0) {
    return (
      <p role={role} className={className}>
        {nothingToOpenMessage(projectId)}
      </p>
    );
  }
  return (
    <div role={role} className={className}>
      {entries.map((entry) => {
        const step = missingEntryStep(projectId, entry);
        return (
          <p key={entry.identifier}>
            {missingEntryMessage(projectId, entry)}{' '}
            {step && (
              <Link to={speckleRoutePath(projectId, step.target, server)} state={LOOKUP_REQUEST}>
                {step.label}
              </Link>
            )}
          </p>
        );
      })}
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import type { ObjectQueryInput } from '../../api/objects';
import { CompareWithForm } from '../compare';
import { TicketTools, SetExplorer } from '../explore';
import { askAgain, objectWithChildrenQuery, useObjectSet } from '../../objects/load/objectSetQuery';
import { useAskAgain } from '../../shared/useAskAgain';
import { useLookupRoute } from '../../routes/useObjectRoute';
import { isLoading } from '../../objects/set/loadProgress';
import { closureFindings } from '../../speckle/integrity';

/** A server's with-children answer, in the explorer. */
export function ChildrenResult({
  input,
  host,
  speckleUrlOf,
  waitingNote,
}: {
  input: ObjectQueryInput;
  host: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
  /** What the server does before it answers, when that is known (see LoadStatus). */
  waitingNote: string | null;
}) {
  const queryClient = useQueryClient();
  const route = useLookupRoute();
  const options = objectWithChildrenQuery(input);
  const set = useObjectSet(input);
  useAskAgain(options.queryKey, set);
  if (!set) return <p role="status">Connecting…</p>;
  return (
    <SetExplorer
      // A retry makes a new set; the selection starts again at its root.
      key={set.getProgress().startedAt}
      set={set}
      origin={{
        input,
        rootId: input.objectId,
        host,
        projectId: input.projectId,
        speckleUrlOf,
        waitingNote,
        countAgainstFirstClosure: true,
        // A server's body is in the line form asked for.
        bodyIsLines: true,
        onRetry: () => void askAgain(queryClient, options.queryKey),
        tools: (closureCheck) => (
          <>
            <TicketTools
              input={input}
              mode="children"
              reportFacts={() => {
                const progress = set.getProgress();
                return {
                  outcome: progress.error ? progress.error.message : progress.status,
                  httpStatus:
                    progress.error?.context.status ?? (progress.received > 0 ? 200 : null),
                  counts: {
                    received: progress.received,
                    expected: progress.expected,
                    duplicates: progress.duplicates,
                  },
                  bytes: progress.bytes,
                  elapsedMs:
                    progress.finishedAt === null ? null : progress.finishedAt - progress.startedAt,
                  integrity:
                    closureCheck.state === 'done'
                      ? closureFindings(closureCheck.report)
                      : undefined,
                };
              }}
            />
            {!isLoading(set.getProgress()) && set.getProgress().received > 0 && (
              <CompareWithForm
                projectId={input.projectId}
                objectId={input.objectId}
                origin={input.origin}
                server={route?.server ?? null}
              />
            )}
          </>
        ),
      }}
    />
  );
}

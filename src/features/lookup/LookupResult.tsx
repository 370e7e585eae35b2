import { useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/apiError';
import { webAppBase } from '../../speckle/serverUrl';
import { useAddress } from '../../routes/useAddress';
import type { ExampleObject, SavedServer } from '../../connection/connectionState';
import { useConnectionStore } from '../../connection/useConnections';
import { exampleOf } from '../../connection/serverExamples';
import { useLookupServer } from '../../connection/useLookupServer';
import { speckleWebUrl } from '../../speckle/links/speckleLink';
import { resolveLookup, type LoadableLookup, type ResolvedLookup } from '../../objects/load/lookup';
import { askAgain, useObjectSet } from '../../objects/load/objectSetQuery';
import { isLoading } from '../../objects/set/loadProgress';
import { closureFindings } from '../../speckle/integrity';
import { formatBytes } from '../../speckle/text';
import { useAskAgain } from '../../shared/useAskAgain';
import { useRetryWait } from '../../shared/waits/useRetryWait';
import { RetryCountdown } from '../../shared/waits/RetryCountdown';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { CompareWithForm } from '../compare';
import {
  objectSource,
  ObjectTrail,
  ObjectView,
  SetExplorer,
  TicketTools,
  useObjectNavigation,
} from '../explore';
import { useResultInView } from '../../shared/useResultInView';

/** `/objects/:projectId/:objectId[/single]`: the object, or with its children. */
export function ObjectPage() {
  const address = useAddress();
  const store = useConnectionStore();
  // The route names its server when several are saved: that one answers, whatever is selected.
  const server = useLookupServer(address);
  // The same value while the address and its server are: the views below keep what they derive.
  const resolved = useMemo(
    () => (address.kind === 'object' ? resolveLookup(address, server, store) : null),
    [address, server, store],
  );
  if (!resolved) {
    return (
      <p role="alert" className="alert">
        This address names no object.
      </p>
    );
  }
  return <LookupResult resolved={resolved} />;
}

/**
 * A lookup's result, at whichever address asked for it: an object route, or a Speckle link that
 * resolved to one root (which `header` then says more about).
 */
export function LookupResult({
  resolved,
  header,
  version = null,
}: {
  resolved: ResolvedLookup;
  header?: ReactNode;
  /** The model and version the link named, when it named one. */
  version?: { modelId: string; versionId: string } | null;
}) {
  const { projectId, objectId } = resolved.lookup;
  if (!resolved.ok) {
    return (
      <p role="alert" className="alert">
        {resolved.problem}
      </p>
    );
  }
  const { server } = resolved;
  const host = new URL(server.origin).host;
  // The link shows only beside an object the server sent, so the server has answered Speckle's
  // object API. Its web app is at the same address under any prefix, unless saved as having none.
  const { base } = server;
  const speckleUrlOf =
    server.server.webApp === false
      ? null
      : (id: string) => speckleWebUrl(webAppBase(base), projectId, id);
  return (
    <>
      {header}
      {resolved.mode === 'single' ? (
        <SingleObjectResult lookup={resolved} host={host} speckleUrlOf={speckleUrlOf} />
      ) : (
        <ChildrenResult
          lookup={resolved}
          version={version}
          host={host}
          speckleUrlOf={speckleUrlOf}
          waitingNote={preparationNote(
            server.server,
            exampleOf(server.server, projectId, objectId),
          )}
        />
      )}
    </>
  );
}

/**
 * A server whose examples say so builds a big model the first time it is asked for, and answers
 * nothing until it is built: seconds of "Connecting…" that look like a hang.
 */
function preparationNote(server: SavedServer, object: ExampleObject | null): string | null {
  if (!object?.prepareSeconds) return null;
  const count = object.objectCount?.toLocaleString('en-US');
  const model = count ? `the ${count}-object model` : 'this model';
  return `${server.name} is preparing ${model}, which it does the first time it is asked for: about ${object.prepareSeconds} s.`;
}

/** A server's with-children answer, in the explorer. */
function ChildrenResult({
  lookup,
  version,
  host,
  speckleUrlOf,
  waitingNote,
}: {
  lookup: Extract<LoadableLookup, { mode: 'children' }>;
  version: { modelId: string; versionId: string } | null;
  host: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
  /** What the server does before it answers, when that is known (see LoadStatus). */
  waitingNote: string | null;
}) {
  const queryClient = useQueryClient();
  const { input, query: options } = lookup;
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
        lookup: lookup.lookup,
        version,
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
                server={lookup.lookup.server}
              />
            )}
          </>
        ),
      }}
    />
  );
}

/** A server's answer for one object, in the object view. */
function SingleObjectResult({
  lookup,
  host,
  speckleUrlOf,
}: {
  lookup: Extract<LoadableLookup, { mode: 'single' }>;
  host: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
}) {
  const { input, query: options } = lookup;
  const query = useQuery(options);
  useAskAgain(options.queryKey, query.error ?? query.data);
  const retryWait = useRetryWait(options.queryKey);
  const raw = query.data?.raw;
  // Parsed once per answer: a single object can be 20 MB.
  const source = useMemo(() => (raw === undefined ? null : objectSource(() => raw)), [raw]);
  const { projectId, objectId } = input;
  const navigation = useObjectNavigation(objectId, lookup.lookup);
  const resultRef = useResultInView<HTMLElement>(`${projectId}/${objectId}`);

  return (
    <section className="result" aria-label="Result" tabIndex={-1} ref={resultRef}>
      <p role="status" className="status">
        {retryWait ? (
          <RetryCountdown key={retryWait.attempt} error={retryWait.error} wait={retryWait} />
        ) : query.isPending ? (
          'Loading object…'
        ) : query.isSuccess ? (
          `1 object, ${formatBytes(query.data.bytes)}`
        ) : (
          ''
        )}
      </p>
      {!query.isPending && (
        <TicketTools
          input={input}
          mode="single"
          reportFacts={() => ({
            outcome: query.error instanceof Error ? query.error.message : 'complete',
            httpStatus: query.isError
              ? isApiError(query.error)
                ? (query.error.context.status ?? null)
                : null
              : 200,
            bytes: query.isSuccess ? query.data.bytes : null,
          })}
        />
      )}
      {query.isError &&
        (isApiError(query.error) ? (
          <ErrorAlert
            error={query.error}
            // The same object comes back just as large.
            onRetry={query.error.kind === 'too-large' ? undefined : () => void query.refetch()}
          />
        ) : (
          <p role="alert">{String(query.error)}</p>
        ))}
      {navigation.trail.length > 1 && (
        <ObjectTrail trail={navigation.trail} hrefFor={navigation.hrefFor} titleOf={shortId} />
      )}
      {source && (
        <ObjectView
          key={objectId}
          source={source}
          objectId={objectId}
          projectId={projectId}
          host={host}
          objects={null}
          onFollow={navigation.openSingle}
          speckleUrl={speckleUrlOf?.(objectId) ?? null}
        />
      )}
    </section>
  );
}

const shortId = (id: string) => id.slice(0, 8);

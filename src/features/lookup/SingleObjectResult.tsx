import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isApiError } from '../../api/apiError';
import { useAskAgain } from '../../shared/useAskAgain';
import { singleObjectQuery, type ObjectQueryInput } from '../../api/objects';
import { useRetryWait } from '../../shared/waits/useRetryWait';
import { formatBytes } from '../../speckle/text';
import { ErrorAlert } from '../../shared/ErrorAlert';
import {
  objectSource,
  ObjectTrail,
  useObjectNavigation,
  ObjectView,
  TicketTools,
  useResultInView,
} from '../explore';
import { RetryCountdown } from '../../shared/waits/RetryCountdown';

export function SingleObjectResult({
  input,
  host,
  speckleUrlOf,
}: {
  input: ObjectQueryInput;
  host: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
}) {
  const options = singleObjectQuery(input);
  const query = useQuery(options);
  useAskAgain(options.queryKey, query.error ?? query.data);
  const retryWait = useRetryWait(options.queryKey);
  const raw = query.data?.raw;
  // Parsed once per answer: a single object can be 20 MB.
  const source = useMemo(() => (raw === undefined ? null : objectSource(() => raw)), [raw]);
  const { projectId, objectId } = input;
  const navigation = useObjectNavigation(objectId);
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

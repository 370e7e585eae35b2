import type { QueryKey } from '@tanstack/react-query';
import { QueryRetryWait } from '../../shared/waits/QueryRetryWait';
import { GraphqlAlert } from './GraphqlAlert';

/**
 * The next page, asked for with the server's cursor; a failed page keeps the ones shown, and a
 * page the server makes wait for says so with its countdown.
 */
export function LoadMore({
  query,
  queryKey,
  what,
}: {
  queryKey: QueryKey;
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => Promise<unknown>;
  };
  what: string;
}) {
  const more = () => void query.fetchNextPage();
  return (
    <>
      {query.isFetchNextPageError && <GraphqlAlert error={query.error} onRetry={more} />}
      {query.hasNextPage && (
        <QueryRetryWait queryKey={queryKey}>
          <button type="button" onClick={more} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? `Loading more ${what}…` : 'Load more'}
          </button>
        </QueryRetryWait>
      )}
    </>
  );
}

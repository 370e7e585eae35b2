import { GraphqlAlert } from './GraphqlAlert';

/** The next page, asked for with the server's cursor; a failed page keeps the ones shown. */
export function LoadMore({
  query,
  what,
}: {
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
        <button type="button" onClick={more} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? `Loading more ${what}…` : 'Load more'}
        </button>
      )}
    </>
  );
}

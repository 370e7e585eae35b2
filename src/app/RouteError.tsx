import { isRouteErrorResponse, useRouteError } from 'react-router';

function useErrorDetail(): string {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : 'Unknown error';
}

/** Last line of defence: a bug shows a message and a way back instead of a blank page. */
export function RouteError() {
  return (
    <main className="route-error">
      <h1>Something went wrong</h1>
      <p role="alert">The explorer hit an unexpected problem: {useErrorDetail()}</p>
      <p>
        <a href="/">Start again</a>
      </p>
    </main>
  );
}

/**
 * A page's own error: shown where the page was, so that the connection and the lookup form beside
 * it stay usable and another lookup replaces it.
 */
export function PageError() {
  return (
    <section className="route-error" aria-labelledby="page-error-heading">
      <h2 id="page-error-heading">This page hit a problem</h2>
      <p role="alert">The explorer hit an unexpected problem: {useErrorDetail()}</p>
      <p>Look up another object beside, or reload the page.</p>
    </section>
  );
}

import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last line of defence: a bug shows a message and a way back instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="route-error">
      <h1>Something went wrong</h1>
      <p role="alert">The explorer hit an unexpected problem: {detail}</p>
      <p>
        <a href="/">Start again</a>
      </p>
    </main>
  );
}

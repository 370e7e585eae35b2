import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_TOKEN, GENERATED_ROOT_IDS, PUBLIC_PROJECT_ID } from '../../../demo/catalog';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../../demo/history';
import { useAdvancingFakeTimers } from '../advancingTimers';
import { graphqlHandlers, graphqlRequests } from '../graphqlDouble';
import { renderApp } from '../renderApp';
import { requests, SERVER, speckleServer } from '../speckleDouble';

const PUBLIC = `/projects/${PUBLIC_PROJECT_ID}`;
const VIEWER_ROUTE = `${PUBLIC}/models/${DEMO_MODELS.building}@${DEMO_VERSIONS.building100}`;

/** The app at `route`, against the GraphQL double with the `failing` answers first. */
function renderWithGraphql(route: string, ...failing: Array<() => void>) {
  speckleServer.use(...graphqlHandlers(SERVER));
  for (const fail of failing) fail();
  return renderApp({ route, token: DEMO_TOKEN });
}

/**
 * The next request for `operation` gets `status` as the real server or its gateway sends
 * it: a 429 with its JSON body and Retry-After, a 503 as nginx's page.
 */
function failOperation(operation: string, status: 429 | 503) {
  let failed = false;
  speckleServer.use(
    http.post(`${SERVER}/graphql`, async ({ request }) => {
      const body = (await request.clone().json()) as { operationName: string };
      if (failed || body.operationName !== operation) return undefined;
      failed = true;
      graphqlRequests.push(request.clone());
      if (status === 503) {
        return new HttpResponse(
          '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
          {
            status,
            headers: { 'Content-Type': 'text/html' },
          },
        );
      }
      return HttpResponse.json(
        {
          error: {
            message:
              'You have sent too many requests. You are being rate limited. Please try again later.',
            code: 'RATE_LIMIT_ERROR',
          },
        },
        { status, headers: { 'Retry-After': '0.886', 'Access-Control-Allow-Origin': '*' } },
      );
    }),
  );
}

function statusWith(text: RegExp | string) {
  return waitFor(() =>
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContainEqual(
      expect.stringMatching(text),
    ),
  );
}

describe('GraphQL waits', () => {
  it('counts down before resolving a link again after a 429, as object loads do', async () => {
    useAdvancingFakeTimers();
    renderWithGraphql(VIEWER_ROUTE, () => failOperation('ViewerResources', 429));

    await statusWith(/^The server is limiting requests; trying again in 1 s \(1 of 3\)…$/);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => void vi.advanceTimersByTime(1000));

    const root = GENERATED_ROOT_IDS['public-100']!;
    await waitFor(() =>
      expect(requests.map((request) => new URL(request.url).pathname)).toContain(
        `/objects/${PUBLIC_PROJECT_ID}/${root}`,
      ),
    );
    expect(screen.queryByText(/trying again/)).not.toBeInTheDocument();
  });

  it('stops waiting on Cancel, says so and why, and Retry asks again', async () => {
    useAdvancingFakeTimers();
    const { user } = renderWithGraphql(`${PUBLIC}/models/${DEMO_MODELS.building}/versions`, () =>
      failOperation('ModelVersions', 503),
    );
    await statusWith(/^The server's gateway answered 503; trying again in 1 s \(1 of 3\)…$/);
    const asked = graphqlRequests.length;

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `Cancelled: nothing more was asked of ${SERVER}, which had answered 503. A proxy or gateway in front of the server answered 503`,
    );
    expect(screen.queryByText(/trying again/)).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(8000));
    expect(graphqlRequests.length).toBe(asked);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Versions' })).toBeInTheDocument();
  });

  it("counts down on a project's models, a model's versions and the version bar", async () => {
    useAdvancingFakeTimers();
    const { router } = renderWithGraphql(PUBLIC, () => failOperation('ProjectModels', 429));
    await statusWith(/limiting requests; trying again in 1 s \(1 of 3\)/);
    act(() => void vi.advanceTimersByTime(1000));
    expect(await screen.findByRole('list', { name: 'Models' })).toBeInTheDocument();

    failOperation('ModelVersions', 429);
    await act(() => router.navigate(`${PUBLIC}/models/${DEMO_MODELS.building}/versions`));
    await statusWith(/limiting requests; trying again in 1 s \(1 of 3\)/);
    act(() => void vi.advanceTimersByTime(1000));
    expect(await screen.findByRole('list', { name: 'Versions' })).toBeInTheDocument();

    failOperation('Version', 429);
    await act(() => router.navigate(VIEWER_ROUTE));
    await statusWith(/limiting requests; trying again in 1 s \(1 of 3\)/);
    act(() => void vi.advanceTimersByTime(1000));
    const bar = await screen.findByRole('navigation', { name: 'Version' });
    await waitFor(() => expect(bar).toHaveTextContent(`version ${DEMO_VERSIONS.building100}`));
  });
});

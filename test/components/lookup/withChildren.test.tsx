import { hashKey } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { activeServer } from '../../../src/connection/activeServer';
import { setsOf } from '../../../src/objects/load/objectSetQuery';
import { resolveLookup, warmLookup } from '../../../src/objects/load/lookup';
import { LOOKUP_REQUEST } from '../../../src/connection/useLookupServer';
import { ObjectSet } from '../../../src/objects/set/objectSet';
import { useAdvancingFakeTimers } from '../advancingTimers';
import { expectShownObject, renderApp } from '../renderApp';
import {
  CUBE_LINES,
  CUBE_OBJECTS,
  linesResponse,
  PROJECT_ID,
  requests,
  ROOT_ID,
  SERVER,
  serveOnlyUnderApi,
  serveWithChildren,
  speckleServer,
  streamOf,
  TOKEN,
} from '../speckleDouble';

const route = `/objects/${PROJECT_ID}/${ROOT_ID}`;

/** The next with-children answer stops halfway, the connection failing. */
function serveBrokenOnce() {
  speckleServer.use(
    http.get(
      `${SERVER}/objects/:p/:o`,
      () => linesResponse(streamOf(CUBE_LINES.slice(0, CUBE_LINES.length / 2), { error: true })),
      { once: true },
    ),
  );
}

describe('Get with children', () => {
  it('lists every object received, counted against the root closure, root shown first', async () => {
    const { user } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Get with children' }));

    expect(await screen.findByRole('status')).toHaveTextContent(`${CUBE_OBJECTS.length} objects`);
    const list = screen.getByRole('listbox', { name: 'Received objects' });
    expect(within(list).getAllByRole('option')).toHaveLength(CUBE_OBJECTS.length);
    await expectShownObject(ROOT_ID);
    expect(screen.getByRole('button', { name: 'Download all as JSON array' })).toBeEnabled();
  });

  it('names each download by what its file holds and says so beside it', async () => {
    renderApp({ route });
    await expectShownObject(ROOT_ID);

    const lines = await screen.findByRole('button', {
      name: 'Download server lines (id, tab, JSON)',
    });
    expect(lines).toHaveAccessibleDescription(
      "The server's text answer byte for byte: per object received, its id, a tab and its JSON.",
    );
    const ndjson = screen.getByRole('button', { name: 'Download NDJSON (one object per line)' });
    expect(ndjson).toHaveAccessibleDescription(
      'Each object once, its JSON as received, one per line: no ids, no repeats.',
    );
    const downloads = screen.getAllByRole('button', { name: /^Download / });
    expect(downloads.length).toBeGreaterThanOrEqual(6);
    for (const download of downloads) {
      const description = document.getElementById(download.getAttribute('aria-describedby')!);
      expect(description, download.textContent!).toBeVisible();
      expect(description?.textContent).toMatch(/\w/);
    }
  });

  it('opens an object from the list by click and by keyboard', async () => {
    const { user } = renderApp({ route });
    const list = await screen.findByRole('listbox', { name: 'Received objects' });
    await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
      exact: false,
      selector: '[role="status"]',
    });
    const second = CUBE_OBJECTS[1]!;
    await user.click(within(list).getByText(second.id));
    await expectShownObject(second.id);

    list.focus();
    await user.keyboard('{End}{Enter}');
    await expectShownObject(CUBE_OBJECTS.at(-1)!.id);
    await user.keyboard('{Home}{Enter}');
    await expectShownObject(ROOT_ID);
  });

  it('copies a link to the lookup, naming its server and never its token, that opens it again', async () => {
    const { user, unmount } = renderApp({ route });
    await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
      exact: false,
      selector: '[role="status"]',
    });

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    const link = new URL(await navigator.clipboard.readText());
    expect(link.href).not.toContain(TOKEN);
    expect(link.origin).toBe(window.location.origin);
    expect(link.pathname).toBe(route);
    expect(link.searchParams.get('server')).toBe(SERVER);

    unmount();
    renderApp({ route: `${link.pathname}${link.search}` });
    await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
      exact: false,
      selector: '[role="status"]',
    });
    await expectShownObject(ROOT_ID);
  });

  it('shows a result left on Back and Forward at once, without asking the server again', async () => {
    const mesh = CUBE_OBJECTS.find(({ raw }) => raw.includes('Objects.Geometry.Mesh'))!;
    speckleServer.use(
      http.get(`${SERVER}/objects/:projectId/${mesh.id}`, () =>
        linesResponse(`${mesh.id}\t${mesh.raw}\n`),
      ),
    );
    const { router } = renderApp({ route });
    await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
      exact: false,
      selector: '[role="status"]',
    });
    await act(() => router.navigate(`/objects/${PROJECT_ID}/${mesh.id}`));
    await screen.findByText(/^1 objects?, /);
    const asked = requests.length;

    await act(() => router.navigate(-1));
    await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
      exact: false,
      selector: '[role="status"]',
    });
    await expectShownObject(ROOT_ID);
    await act(() => router.navigate(1));
    await screen.findByText(/^1 objects?, /);
    await expectShownObject(mesh.id);
    expect(requests.length).toBe(asked);
  });

  it('filters the list by type or id and sorts it', async () => {
    const { user } = renderApp({ route });
    const list = await screen.findByRole('listbox', { name: 'Received objects' });
    await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
      exact: false,
      selector: '[role="status"]',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Filter objects' }), 'datachunk');
    const chunks = CUBE_OBJECTS.filter(({ raw }) => raw.includes('Speckle.Core.Models.DataChunk'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(within(list).getAllByRole('option')).toHaveLength(chunks.length);
    expect(
      screen.getByText(`Showing ${chunks.length} of ${CUBE_OBJECTS.length}`),
    ).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Filter objects' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort objects' }), 'Id');
    const listed = within(list)
      .getAllByRole('option')
      .map((option) => /[0-9a-f]{32}/.exec(option.textContent ?? '')?.[0]);
    expect(listed).toEqual(CUBE_OBJECTS.map(({ id }) => id).sort());
  });

  it('keeps what arrived when the stream breaks, and marks the result incomplete', async () => {
    const cut = CUBE_LINES.slice(0, CUBE_LINES.indexOf('\n', CUBE_LINES.length / 2) + 40);
    serveWithChildren(streamOf(cut, { error: true }));
    renderApp({ route });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /stopped before the server finished/,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/\d+ of 9 objects \(incomplete\)/);
    const received = Number(/(\d+) of/.exec(status.textContent ?? '')?.[1]);
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(9);
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(received);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  const [firstLine, ...otherLines] = CUBE_LINES.split('\n');
  const brokenAnswers = [
    {
      broken: 'the stream was cut',
      body: () => streamOf(CUBE_LINES.slice(0, CUBE_LINES.length / 2), { error: true }),
      shown: /stopped before the server/,
    },
    {
      broken: 'a line was malformed',
      body: () => streamOf(`${firstLine}\nthis is not a record\n${otherLines.join('\n')}`),
      shown: /line 2 of the response.*has no tab/i,
    },
    {
      broken: 'an object was not valid JSON',
      body: () => streamOf(CUBE_LINES.replace(/\}\n$/, '\n')),
      shown: /1 object is not valid JSON/,
    },
  ];

  it.each(brokenAnswers)(
    'asks the server again when Get with children is pressed after $broken',
    async ({ body, shown }) => {
      speckleServer.use(
        http.get(`${SERVER}/objects/:p/:o`, () => linesResponse(body()), { once: true }),
      );
      const { user } = renderApp();
      await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
      await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID);
      await user.click(screen.getByRole('button', { name: 'Get with children' }));
      await waitFor(() =>
        expect(screen.getByRole('region', { name: 'Result' })).toHaveTextContent(shown),
      );
      const asked = requests.length;

      await user.click(screen.getByRole('button', { name: 'Get with children' }));

      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent(
          new RegExp(`^${CUBE_OBJECTS.length} objects, [^—]*$`),
        ),
      );
      expect(requests.length).toBe(asked + 1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('asks the server again on Enter in the form after a load that broke', async () => {
    serveBrokenOnce();
    const { user, queryClient } = renderApp({ route });
    expect(await screen.findByRole('alert')).toHaveTextContent(/stopped before the server/);
    const asked = requests.length;
    const [query] = queryClient.getQueryCache().findAll({ queryKey: ['object'] });
    const broken = setsOf(queryClient).peek(query!.queryHash)!;

    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), '{Enter}');

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`${CUBE_OBJECTS.length} objects`),
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('incomplete');
    expect(requests.length).toBe(asked + 1);
    // The broken set is let go, not kept beside the new one: nothing reaches it any longer.
    expect(setsOf(queryClient).peek(query!.queryHash)).not.toBe(broken);
    expect(broken.signal.aborted).toBe(true);
  });

  it('shows a whole result again on Get with children, without asking the server', async () => {
    const { user } = renderApp({ route });
    await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
      exact: false,
      selector: '[role="status"]',
    });
    const asked = requests.length;

    await user.click(screen.getByRole('button', { name: 'Get with children' }));

    await expectShownObject(ROOT_ID);
    expect(screen.getByRole('status')).toHaveTextContent(`${CUBE_OBJECTS.length} objects`);
    expect(requests.length).toBe(asked);
  });

  it('shows a result that broke as it ended on Back, and asks again on Get', async () => {
    serveBrokenOnce();
    const { user, router } = renderApp({ route });
    expect(await screen.findByRole('alert')).toHaveTextContent(/stopped before the server/);
    const status = screen.getByRole('status').textContent;
    await act(() => router.navigate('/'));
    await screen.findByRole('button', { name: 'Get with children' });
    const asked = requests.length;

    await act(() => router.navigate(-1));

    expect(await screen.findByRole('alert')).toHaveTextContent(/stopped before the server/);
    expect(screen.getByRole('status')).toHaveTextContent(status!);
    expect(screen.getByRole('status')).toHaveTextContent('(incomplete)');
    expect(requests.length).toBe(asked);

    await user.click(screen.getByRole('button', { name: 'Get with children' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`${CUBE_OBJECTS.length} objects`),
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('incomplete');
    expect(requests.length).toBe(asked + 1);
  });

  it('asks nothing again on Back from an object opened within a result that broke', async () => {
    serveBrokenOnce();
    const { user, router } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Get with children' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/stopped before the server/);
    const list = screen.getByRole('listbox', { name: 'Received objects' });
    const second = within(list).getAllByRole('option')[1]!;
    const secondId = /[0-9a-f]{32}/.exec(second.textContent ?? '')![0];
    await user.click(second);
    await expectShownObject(secondId);
    const asked = requests.length;

    await act(() => router.navigate(-1));

    await expectShownObject(ROOT_ID);
    expect(screen.getByRole('status')).toHaveTextContent('(incomplete)');
    expect(requests.length).toBe(asked);
  });

  it('shows a load that broke before its page first drew as it broke, asking nothing again', async () => {
    const [first, ...rest] = CUBE_LINES.split('\n');
    speckleServer.use(
      http.get(
        `${SERVER}/objects/:p/:o`,
        () => linesResponse(`${first}\nthis is not a record\n${rest.join('\n')}`),
        { once: true },
      ),
    );
    const { router, queryClient, connections } = renderApp();
    // What the route's loader does as the form asks for the lookup, here with the answer broken
    // before the page draws, as a malformed line early in a body can be on a busy machine.
    warmLookup(queryClient, connections, new URL(route, 'http://localhost'));
    const resolved = resolveLookup(
      { projectId: PROJECT_ID, objectId: ROOT_ID, mode: 'children', server: null },
      activeServer(connections.getState()),
      connections,
    );
    if (!resolved.ok) throw new Error(resolved.problem);
    // The query went with its last view; the registry keeps the broken set the page shows.
    const set = () => setsOf(queryClient).peek(hashKey(resolved.query.queryKey));
    await waitFor(() => expect(set()?.getProgress().error).toBeTruthy());
    const asked = requests.length;

    await act(() => router.navigate(route, { state: LOOKUP_REQUEST }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /line 2 of the response.*has no tab/i,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 of 9 objects (incomplete)');
    expect(requests.length).toBe(asked);
  });

  it('treats a body that ends without its final newline as truncated', async () => {
    serveWithChildren(streamOf(CUBE_LINES.slice(0, -1)));
    renderApp({ route });
    expect(await screen.findByRole('alert')).toHaveTextContent(/stopped before/);
    expect(screen.getByRole('status')).toHaveTextContent('8 of 9 objects (incomplete)');
  });

  it('stops at a malformed line and says which', async () => {
    const [first, ...rest] = CUBE_LINES.split('\n');
    serveWithChildren(streamOf(`${first}\nthis is not a record\n${rest.join('\n')}`));
    renderApp({ route });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /line 2 of the response.*has no tab/i,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 of 9 objects (incomplete)');
  });

  it('cancels a running download and keeps what arrived', async () => {
    let sendRest: () => void = () => undefined;
    // The cancel may reach this stream before the test ends it: a cancelled stream cannot close.
    let cancelled = false;
    const [first] = CUBE_LINES.split('\n');
    serveWithChildren(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`${first}\n`));
          sendRest = () => {
            if (!cancelled) controller.close();
          };
        },
        cancel() {
          cancelled = true;
        },
      }),
    );
    const { user } = renderApp({ route });
    await screen.findByText(/1 of 9 objects/);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/cancelled/);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 9 objects (incomplete)');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    sendRest();
  });

  it('says it was cancelled before anything arrived without claiming that something did', async () => {
    serveWithChildren(new ReadableStream({ start() {} }));
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cancelled the download before any object arrived.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('What arrived');
    expect(screen.getByRole('status')).toHaveTextContent('Nothing received.');
  });

  it('copies a report of a missing object that names the server with its path and counts nothing', async () => {
    serveOnlyUnderApi();
    const missing = 'f'.repeat(32);
    const { user } = renderApp({
      route: `/objects/${PROJECT_ID}/${missing}`,
      server: `${SERVER}/api`,
    });
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Copy report' }));
    const report = await navigator.clipboard.readText();
    expect(report).toContain(`Server: ${SERVER}/api\n`);
    expect(report).toContain(
      `HTTP status: 404\nResult: Object ${missing} is not in project ${PROJECT_ID} (404: "Failed to find object.").`,
    );
    expect(report).not.toMatch(/Objects:|Received:/);
  });

  it('shows a reference followed before the load brought it, and the load goes on', async () => {
    const [first] = CUBE_LINES.split('\n');
    serveWithChildren(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`${first}\n`));
        },
      }),
    );
    const { user, router } = renderApp({ route });
    await screen.findByText(/1 of 9 objects/);
    await expectShownObject(ROOT_ID);
    const tree = screen.getByRole('tree', { name: `Properties of ${ROOT_ID}` });
    const reference = within(tree).getAllByText(/^→ [0-9a-f]{32}$/)[0]!;
    const target = reference.textContent!.slice(2);

    await user.click(reference);

    await expectShownObject(target);
    expect(router.state.location.pathname).toBe(route);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 9 objects');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByText(/fetched on its own; the load goes on/)).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await expectShownObject(ROOT_ID);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 9 objects');
  });

  it('stops a running download and lets its objects go when the user leaves the result', async () => {
    const [first] = CUBE_LINES.split('\n');
    serveWithChildren(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`${first}\n`));
        },
      }),
    );
    const { router, queryClient } = renderApp({ route });
    await screen.findByText(/1 of 9 objects/);
    const [query] = queryClient.getQueryCache().findAll({ queryKey: ['object'] });
    const set = setsOf(queryClient).peek(query!.queryHash);
    expect(set).toBeInstanceOf(ObjectSet);
    expect(query!.state.data).toBe(set);

    await act(() => router.navigate('/'));

    // Nothing holds the set any longer, neither the registry nor the query cache, and its download
    // has stopped (the signal is the request's: aborting it ends the network read).
    await waitFor(() => expect(setsOf(queryClient).peek(query!.queryHash)).toBeUndefined());
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ['object'] })).toEqual([]),
    );
    expect(set!.signal.aborted).toBe(true);
    await waitFor(() => expect(set!.getProgress().status).toBe('incomplete'));
  });

  it('cancels with Escape and moves focus to what happened', async () => {
    const [first] = CUBE_LINES.split('\n');
    serveWithChildren(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`${first}\n`));
        },
      }),
    );
    const { user } = renderApp({ route });
    await screen.findByText(/1 of 9 objects/);
    expect(screen.getByRole('region', { name: 'Result' })).toHaveFocus();
    await user.keyboard('{Escape}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/cancelled/);
    expect(alert).toHaveFocus();
  });

  it('draws the toolbar and the search while the server has not answered yet', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/:o`, async () => {
        await answered;
        return linesResponse(CUBE_LINES);
      }),
    );
    const { user } = renderApp({ route });
    const search = await screen.findByRole('searchbox', { name: 'Search all objects' });
    expect(screen.getByRole('status')).toHaveTextContent('Connecting…');
    // Nothing has come that could be saved.
    const download = screen.getByRole('button', { name: 'Download all as JSON array' });
    expect(download).toBeDisabled();
    await user.type(search, 'Cube.001');

    answer();
    await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
      exact: false,
      selector: '[role="status"]',
    });
    expect(download).toBeEnabled();
    // The query typed while connecting searched the objects as they came (after a pause in the
    // typing, in slices).
    const searched = /^Searched all 9 objects for "Cube.001": \d+ match(es)? in 1 object\./;
    expect(await screen.findByText(searched)).toBeInTheDocument();
  });

  it('shows an error before any object arrived as an alert with nothing listed', async () => {
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/:o`, () => new HttpResponse(null, { status: 401 })),
    );
    renderApp({ route, token: '' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/needs a token/);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // With no result, nothing to save or search.
    expect(screen.queryByRole('searchbox', { name: 'Search all objects' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('waits with a countdown after a 429, then loads everything on the automatic retry', async () => {
    let calls = 0;
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/:o`, () => {
        calls += 1;
        // Later calls fall through to the double's normal answer.
        if (calls > 1) return undefined;
        return HttpResponse.json(
          { error: { message: 'Too many requests', code: 'RATE_LIMIT_ERROR' } },
          { status: 429, headers: { 'Retry-After': '0.931' } },
        );
      }),
    );
    useAdvancingFakeTimers();
    renderApp({ route });

    // The result replaces the page's first status line: look it up afresh each time.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        /limiting requests; trying again in 1 s \(1 of 3\)/,
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`${CUBE_OBJECTS.length} objects`),
    );
    expect(calls).toBe(2);
    expect(screen.getByRole('status')).not.toHaveTextContent(/incomplete|trying again/);
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(
      CUBE_OBJECTS.length,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

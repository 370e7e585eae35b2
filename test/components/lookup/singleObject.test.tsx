import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { paddedObjectText } from '../../unit/support/paddedObjects';
import { useAdvancingFakeTimers } from '../advancingTimers';
import { editConnection, renderApp } from '../renderApp';
import {
  CUBE_OBJECTS,
  PROJECT_ID,
  requests,
  ROOT_ID,
  SERVER,
  serveOnlyUnderApi,
  speckleServer,
  TOKEN,
} from '../speckleDouble';

const MESH = CUBE_OBJECTS.find(({ raw }) => raw.includes('Objects.Geometry.Mesh'))!;

async function lookUp(
  user: ReturnType<typeof renderApp>['user'],
  projectId: string,
  objectId: string,
) {
  await user.type(screen.getByRole('textbox', { name: 'Project ID' }), projectId);
  await user.type(screen.getByRole('textbox', { name: 'Object ID' }), objectId);
  await user.click(screen.getByRole('button', { name: 'Get object' }));
}

describe('Get object', () => {
  it('shows the object with its short type and sends the token only in the header', async () => {
    const { user, router } = renderApp();
    requests.length = 0;
    await lookUp(user, PROJECT_ID, MESH.id);

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent('Mesh');
    expect(within(article).getByTitle(/Objects\.Geometry\.Mesh/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/${MESH.id}/single`);
    expect(await screen.findByRole('status')).toHaveTextContent('1 object');

    const sent = requests.find((request) => request.url.endsWith('/single'))!;
    expect(sent.url).toBe(`${SERVER}/objects/${PROJECT_ID}/${MESH.id}/single`);
    expect(sent.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(router.state.location.search).not.toContain(TOKEN);
  });

  it('titles the Blender root and a mesh without saying anything twice', async () => {
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, ROOT_ID);
    const root = await screen.findByRole('heading', { level: 2, name: new RegExp(ROOT_ID) });
    expect(root).toHaveTextContent(new RegExp(`^Base ${ROOT_ID}$`));

    const objectField = screen.getByRole('textbox', { name: 'Object ID' });
    await user.clear(objectField);
    await user.type(objectField, MESH.id);
    await user.click(screen.getByRole('button', { name: 'Get object' }));
    const mesh = await screen.findByRole('heading', { level: 2, name: new RegExp(MESH.id) });
    expect(mesh).toHaveTextContent(new RegExp(`^Mesh ${MESH.id}$`));
  });

  it('says why Expand all leaves the fields read only when opened closed', async () => {
    // Fields over 256 kB of an object over 1 MB are kept as text until opened.
    const numbers = () => Array.from({ length: 30_000 }, (_, i) => 100_000 + i + 0.5);
    const mesh = {
      id: MESH.id,
      speckle_type: 'Objects.Geometry.Mesh',
      vertices: numbers(),
      faces: numbers(),
      colors: numbers(),
      textureCoordinates: numbers(),
    };
    speckleServer.use(http.get(`${SERVER}/objects/:p/:o/single`, () => HttpResponse.json(mesh)));
    const { user } = renderApp({ route: `/objects/${PROJECT_ID}/${MESH.id}/single` });
    const article = await screen.findByRole('article');
    const vertices = within(article).getByRole('treeitem', { name: /^vertices:/ });
    expect(vertices).toHaveTextContent('read when opened');

    await user.click(within(article).getByRole('button', { name: 'Expand all' }));
    expect(
      within(article).getByText(
        'Expand all left 4 fields over 256 kB closed: they are read only when opened one by one.',
      ),
    ).toBeInTheDocument();
    expect(vertices).toHaveAttribute('aria-expanded', 'false');

    await user.click(within(article).getByRole('treeitem', { name: /^faces:/ }));
    await user.click(within(article).getByRole('treeitem', { name: /^colors:/ }));
    await user.click(within(article).getByRole('treeitem', { name: /^textureCoordinates:/ }));
    expect(
      within(article).getByText(
        'Expand all left 1 field over 256 kB closed: it is read only when opened one by one.',
      ),
    ).toBeInTheDocument();
    await user.click(within(article).getByRole('button', { name: 'Collapse all' }));
    expect(within(article).queryByText(/^Expand all left/)).not.toBeInTheDocument();
  });

  it('shows a long array in ranges of 100 and cuts a long string, offering it in full', async () => {
    const chunk = {
      id: 'c'.repeat(32),
      data: Array.from({ length: 250 }, (_, i) => i),
      note: 'n'.repeat(5000),
      speckle_type: 'Speckle.Core.Models.DataChunk',
    };
    speckleServer.use(http.get(`${SERVER}/objects/:p/:o/single`, () => HttpResponse.json(chunk)));
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, chunk.id);
    const article = await screen.findByRole('article');
    expect(article).toHaveTextContent('(3,000 more characters)');
    const data = within(article).getByRole('treeitem', { name: /^data:\s*\[250\]$/ });
    expect(data).toHaveAttribute('aria-expanded', 'false');
    await user.click(data);
    expect(data).toHaveAttribute('aria-expanded', 'true');
    const ranges = within(article)
      .getAllByRole('treeitem', { name: /^\[\d+ … \d+\]$/ })
      .map((row) => row.textContent);
    expect(ranges).toEqual(['▸[0 … 99]', '▸[100 … 199]', '▸[200 … 249]']);
    await user.click(screen.getByRole('checkbox', { name: 'Show long strings in full' }));
    expect(article).not.toHaveTextContent('more characters');
    expect(article).toHaveTextContent('n'.repeat(5000));
  });

  it('copies the request as curl with $SPECKLE_TOKEN, the real token only when asked, and a report without it', async () => {
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    await screen.findByRole('article');

    await user.click(screen.getByRole('button', { name: 'Copy as curl' }));
    const command = await navigator.clipboard.readText();
    expect(command).toBe(
      `curl --compressed -H "Authorization: Bearer $SPECKLE_TOKEN" '${SERVER}/objects/${PROJECT_ID}/${MESH.id}/single'`,
    );

    await user.click(screen.getByRole('checkbox', { name: 'Put my token in the command' }));
    expect(screen.getByText(/anyone who sees it can read what you can/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy as curl' }));
    expect(await navigator.clipboard.readText()).toContain(`Bearer ${TOKEN}`);

    await user.click(screen.getByRole('button', { name: 'Copy report' }));
    const report = await navigator.clipboard.readText();
    expect(report).toContain(`Server: ${SERVER}`);
    expect(report).toContain(MESH.id);
    expect(report).toContain('HTTP status: 200');
    expect(report).not.toContain(TOKEN);
  });

  it('repeats the lookup when the route is opened directly', async () => {
    renderApp({ route: `/objects/${PROJECT_ID}/${ROOT_ID}/single` });
    expect(await screen.findByRole('article')).toHaveTextContent(ROOT_ID);
    expect(screen.getByRole('textbox', { name: 'Project ID' })).toHaveValue(PROJECT_ID);
    expect(screen.getByRole('textbox', { name: 'Object ID' })).toHaveValue(ROOT_ID);
  });

  it('asks the server again on Get object after an answer that was not valid JSON', async () => {
    speckleServer.use(
      http.get(
        `${SERVER}/objects/:p/:o/single`,
        () =>
          new HttpResponse(MESH.raw.slice(0, -1), {
            headers: { 'Content-Type': 'application/json; charset=utf-8' },
          }),
        { once: true },
      ),
    );
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(await screen.findByRole('article')).toHaveTextContent(/not valid JSON/);
    const asked = requests.length;

    await user.click(screen.getByRole('button', { name: 'Get object' }));

    const article = await screen.findByRole('article');
    await vi.waitFor(() => expect(article).not.toHaveTextContent(/not valid JSON/));
    expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent('Mesh');
    expect(requests.length).toBe(asked + 1);
  });

  it('shows a valid object again on Get object without asking the server', async () => {
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(await screen.findByRole('status')).toHaveTextContent('1 object');
    const asked = requests.length;

    await user.click(screen.getByRole('button', { name: 'Get object' }));

    expect(await screen.findByRole('article')).toHaveTextContent('Mesh');
    expect(requests.length).toBe(asked);
  });

  it.each([
    [
      'a token the server does not accept',
      { token: 'wrong-token' },
      PROJECT_ID,
      MESH.id,
      /not valid \(403\)/,
    ],
    [
      'a private project without a token',
      { token: '' },
      'ffffffffff',
      MESH.id,
      /needs a token \(401\)/,
    ],
    ['a project that does not exist', {}, 'ffffffffff', MESH.id, /no project ffffffffff .*\(404\)/],
    [
      'an object that is not in the project',
      {},
      PROJECT_ID,
      'f'.repeat(32),
      /is not in project .*Failed to find object/,
    ],
  ])(
    'explains %s and keeps what was typed',
    async (_case, options, projectId, objectId, message) => {
      const { user } = renderApp(options);
      await lookUp(user, projectId, objectId);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('textbox', { name: 'Project ID' })).toHaveValue(projectId);
      expect(screen.getByRole('textbox', { name: 'Object ID' })).toHaveValue(objectId);
    },
  );

  it('says a server error is on the server side, quoting its message', async () => {
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/:o/single`, () =>
        HttpResponse.json(
          { error: { message: 'connect ECONNREFUSED', code: 'X' } },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /failed while answering \(500\).*ECONNREFUSED/,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says an object over 64 MB is too large to show, with no Retry that would fetch it again', async () => {
    const body = paddedObjectText(MESH.id, 65_000_000, 'Objects.Geometry.Mesh');
    speckleServer.use(
      http.get(
        `${SERVER}/objects/:p/:o/single`,
        () => new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      `Object ${MESH.id} is 65.0 MB of JSON, more than the 64 MB this explorer reads as text, so ` +
        'it is not shown, searched or written as text. Get with children keeps its bytes as ' +
        'received, and "Download server lines (id, tab, JSON)" saves them exactly.',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('retries by itself when rate limited, then shows the object', async () => {
    let calls = 0;
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/:o/single`, () => {
        calls += 1;
        if (calls > 1) return undefined;
        return HttpResponse.json(
          { error: { message: 'Too many requests', code: 'RATE_LIMIT_ERROR' } },
          { status: 429, headers: { 'Retry-After': '0.931' } },
        );
      }),
    );
    useAdvancingFakeTimers();
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(await screen.findByText(/limiting requests; trying again in 1 s/)).toBeInTheDocument();
    expect(calls).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(await screen.findByRole('article')).toHaveTextContent(MESH.id);
    expect(calls).toBe(2);
  });

  it('retries a gateway error page by itself and does not call the address wrong', async () => {
    let calls = 0;
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/:o/single`, () => {
        calls += 1;
        return calls > 1
          ? undefined
          : new HttpResponse('<html><h1>502 Bad Gateway</h1></html>', {
              status: 502,
              headers: { 'Content-Type': 'text/html' },
            });
      }),
    );
    useAdvancingFakeTimers();
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(
      await screen.findByText(/gateway answered 502; trying again in 1 s/),
    ).toBeInTheDocument();
    expect(calls).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(await screen.findByRole('article')).toHaveTextContent(MESH.id);
    // No detour to `/api`: the address was right.
    expect(calls).toBe(2);
  });

  it('retries a failed request to a server that answered earlier, counting down, and loads', async () => {
    useAdvancingFakeTimers();
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    await screen.findByRole('article');
    let failures = 0;
    speckleServer.use(
      http.get(`${SERVER}/*`, () => {
        failures += 1;
        // Once: later requests fall through to the double's normal answers.
        return failures === 1 ? HttpResponse.error() : undefined;
      }),
    );
    const objectField = screen.getByRole('textbox', { name: 'Object ID' });
    await user.clear(objectField);
    await user.type(objectField, ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Get object' }));

    expect(
      await screen.findByText(/Could not reach the server; trying again in 1 s \(1 of 3\)/),
    ).toBeInTheDocument();
    expect(failures).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(
      await screen.findByRole('heading', { level: 2, name: new RegExp(ROOT_ID) }),
    ).toBeInTheDocument();
    expect(failures).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the possible causes when the server cannot be reached', async () => {
    speckleServer.use(http.get(`${SERVER}/*`, () => HttpResponse.error()));
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not reach .*offline.*502/);
  });

  it('finds the API under /api when the address answers with a web page, and says so', async () => {
    serveOnlyUnderApi();
    const { user, connections } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(await screen.findByRole('article')).toHaveTextContent(MESH.id);
    expect(connections.selected()?.workingBase).toBe(`${SERVER}/api`);
    await editConnection(user);
    expect(screen.getByText(new RegExp(`${SERVER}/api did`))).toBeInTheDocument();
  });

  it('says the address is not a Speckle API when no form of it answers with data', async () => {
    speckleServer.use(
      http.get(
        `${SERVER}/*`,
        () =>
          new HttpResponse('<html>Cannot GET</html>', {
            status: 404,
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const { user } = renderApp();
    await lookUp(user, PROJECT_ID, MESH.id);
    expect(await screen.findByRole('alert')).toHaveTextContent(/web page instead of Speckle data/);
  });
});

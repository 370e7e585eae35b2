import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN, PUBLIC_PROJECT_ID } from '../../../demo/catalog';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../../demo/history';
import { graphqlHandlers, graphqlRequests, noGraphql } from '../graphqlDouble';
import { renderApp } from '../renderApp';
import {
  CUBE_LINES,
  CUBE_OBJECTS,
  linesResponse,
  PROJECT_ID,
  requests,
  ROOT_ID,
  SERVER,
  speckleServer,
  TOKEN,
} from '../speckleDouble';

/** The cube with one property of its root changed: a second version of the same model. */
const CHANGED_ROOT_ID = '2d060c69832c77c34ccc08e7955c132d';
const CHANGED_LINES = CUBE_OBJECTS.map(({ id, raw }, index) =>
  index === 0
    ? `${CHANGED_ROOT_ID}\t${raw.replace(ROOT_ID, CHANGED_ROOT_ID).replace('"units":"m"', '"units":"mm"')}\n`
    : `${id}\t${raw}\n`,
).join('');

function serveChangedVersion() {
  speckleServer.use(
    http.get(`${SERVER}/objects/:p/${CHANGED_ROOT_ID}`, () => linesResponse(CHANGED_LINES)),
  );
}

const compareRoute = (to: string) => `/compare/${PROJECT_ID}/${ROOT_ID}/${to}`;

describe('Compare two versions', () => {
  it('counts the changes and shows a changed pair property by property', async () => {
    serveChangedVersion();
    const { user } = renderApp({ route: compareRoute(CHANGED_ROOT_ID) });

    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    await waitFor(() =>
      expect(within(comparison).getByRole('status')).toHaveTextContent(
        `0 added, 0 removed, 1 changed, ${CUBE_OBJECTS.length - 1} unchanged.`,
      ),
    );
    const table = screen.getByRole('table', { name: 'Changes by type' });
    expect(within(table).getByRole('rowheader', { name: 'Base' })).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: `Show differences of ${CHANGED_ROOT_ID}` }),
    );
    const diff = screen.getByRole('region', { name: `Differences of ${CHANGED_ROOT_ID}` });
    // The focus goes to the differences, which say how many they are.
    expect(diff).toHaveFocus();
    expect(diff).toHaveAccessibleDescription('1 difference: 1 property.');
    const row = within(diff).getByRole('row', { name: /units/ });
    expect(row).toHaveTextContent('changed');
    expect(row).toHaveTextContent('"m"');
    expect(row).toHaveTextContent('"mm"');
    expect(
      within(diff).getByRole('link', { name: `Open the second (${CHANGED_ROOT_ID}) in the tree` }),
    ).toHaveAttribute(
      'href',
      `/objects/${PROJECT_ID}/${CHANGED_ROOT_ID}?object=${CHANGED_ROOT_ID}`,
    );
  });

  it('shows invisible characters in a changed value as marked escapes', async () => {
    const lines = CHANGED_LINES.replace('"units":"mm"', '"units":"m\u202E"');
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/${CHANGED_ROOT_ID}`, () => linesResponse(lines)),
    );
    const { user } = renderApp({ route: compareRoute(CHANGED_ROOT_ID) });
    await user.click(
      await screen.findByRole('button', { name: `Show differences of ${CHANGED_ROOT_ID}` }),
    );
    const diff = screen.getByRole('region', { name: `Differences of ${CHANGED_ROOT_ID}` });
    const row = within(diff).getByRole('row', { name: /units/ });
    expect(row).toHaveTextContent('"m\\u202E"');
    expect(row.textContent).not.toContain('\u202E');
    expect(row.querySelector('.invisible-char')).toHaveAttribute(
      'title',
      'U+202E right-to-left override',
    );
  });

  it('filters the changes by kind', async () => {
    serveChangedVersion();
    const { user } = renderApp({ route: compareRoute(CHANGED_ROOT_ID) });
    const list = await screen.findByRole('list', { name: 'Changed objects' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(
      within(list).getByRole('link', { name: `Open in the tree: ${CHANGED_ROOT_ID}` }),
    ).toHaveAttribute(
      'href',
      `/objects/${PROJECT_ID}/${CHANGED_ROOT_ID}?object=${CHANGED_ROOT_ID}`,
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), 'Added');
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('0 changes shown')).toBeInTheDocument();
  });

  it('says a root compared with itself is identical', async () => {
    renderApp({ route: compareRoute(ROOT_ID) });
    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    await waitFor(() =>
      expect(within(comparison).getByRole('status')).toHaveTextContent(
        `The two versions are identical: ${CUBE_OBJECTS.length} objects unchanged.`,
      ),
    );
  });

  it('keeps the side that loaded when the other fails, and says which failed', async () => {
    renderApp({ route: compareRoute('3d060c69832c77c34ccc08e7955c132d') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The second version failed: /);
    const first = screen.getByRole('region', { name: 'First version' });
    await waitFor(() => expect(first).toHaveTextContent(`${CUBE_OBJECTS.length} of`));
    expect(first).toHaveTextContent('loaded');
    expect(
      await screen.findByText(/Nothing to compare: the second version has no objects/),
    ).toBeVisible();
  });

  it('copies a summary for a ticket, without the token', async () => {
    serveChangedVersion();
    const { user } = renderApp({ route: compareRoute(CHANGED_ROOT_ID) });
    await user.click(await screen.findByRole('button', { name: 'Copy summary' }));
    expect(await screen.findByText('Summary copied.')).toBeInTheDocument();
    const text = await navigator.clipboard.readText();
    expect(text).toContain(`from: Project ${PROJECT_ID} · object ${ROOT_ID}, given by its id`);
    expect(text).toContain('0 added, 0 removed, 1 changed');
    expect(text).not.toContain(TOKEN);
    expect(screen.getByRole('button', { name: 'Download diff report JSON' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download CSV summary' })).toBeEnabled();
  });

  it('compares a loaded result with another root given by id', async () => {
    serveChangedVersion();
    const { user, router } = renderApp({ route: `/objects/${PROJECT_ID}/${ROOT_ID}` });
    const field = await screen.findByRole('textbox', {
      name: 'Compare with another object, version or model (its id or a link)',
    });
    await user.type(field, CHANGED_ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Compare' }));

    expect(router.state.location.pathname).toBe(compareRoute(CHANGED_ROOT_ID));
    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    await waitFor(() =>
      expect(within(comparison).getByRole('status')).toHaveTextContent(
        /^0 added, 0 removed, 1 changed/,
      ),
    );
  });

  it('refuses to compare with a root on another server, saying why', async () => {
    const { user, router } = renderApp({ route: `/objects/${PROJECT_ID}/${ROOT_ID}` });
    const field = await screen.findByRole('textbox', {
      name: 'Compare with another object, version or model (its id or a link)',
    });
    await user.type(
      field,
      `https://other.example/projects/${PROJECT_ID}/models/${CHANGED_ROOT_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Compare' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      `That link is to https://other.example, not to ${SERVER}: both sides must be on the same server to be compared.`,
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/${ROOT_ID}`);
  });

  it('cancels one side with its own Cancel, keeps the other, and marks the diff partial', async () => {
    // The second version's answer stops after three objects and never ends, until cancelled.
    const head = new TextEncoder().encode(CHANGED_LINES.split('\n').slice(0, 3).join('\n') + '\n');
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/${CHANGED_ROOT_ID}`, () =>
        linesResponse(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(head);
            },
          }),
        ),
      ),
    );
    const { user } = renderApp({ route: compareRoute(CHANGED_ROOT_ID) });
    const second = await screen.findByRole('region', { name: 'Second version' });
    const cancel = await within(second).findByRole('button', {
      name: 'Cancel loading the second version',
    });
    await waitFor(() => expect(second).toHaveTextContent('3 of'));
    await user.click(cancel);

    expect(await within(second).findByRole('alert')).toHaveTextContent(
      /^The second version stopped short: /,
    );
    const first = screen.getByRole('region', { name: 'First version' });
    await waitFor(() => expect(first).toHaveTextContent('loaded'));
    expect(
      within(first).getByRole('link', { name: 'Open the first version with its downloads' }),
    ).toHaveAttribute('href', `/objects/${PROJECT_ID}/${ROOT_ID}?object=${ROOT_ID}`);
    expect(
      await screen.findByText(/^Partial diff: the second version's load did not complete/),
    ).toBeVisible();
  });

  it('marks the diff partial and says which side when a load stops short', async () => {
    // A body without its final newline is a truncated answer: that load is incomplete.
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/${CHANGED_ROOT_ID}`, () =>
        linesResponse(CHANGED_LINES.slice(0, -1)),
      ),
    );
    renderApp({ route: compareRoute(CHANGED_ROOT_ID) });
    expect(
      await screen.findByText(
        "Partial diff: the second version's load did not complete, so the differences are only those of the objects that arrived.",
      ),
    ).toBeVisible();
  });

  it('shows a parent changed only below, and follows its reference into the child diff', async () => {
    serveDeepChange();
    const { user } = renderApp({ route: compareRoute(DEEP_IDS.root) });
    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    await waitFor(() =>
      expect(within(comparison).getByRole('status')).toHaveTextContent(
        /^0 added, 0 removed, 1 changed, 5 unchanged; 3 changed only below\.$/,
      ),
    );
    await user.click(screen.getByRole('button', { name: `Show differences of ${DEEP_IDS.root}` }));
    const rootDiff = screen.getByRole('region', { name: `Differences of ${DEEP_IDS.root}` });
    expect(within(rootDiff).queryByRole('table')).toBeNull();
    const below = within(rootDiff).getByRole('list', { name: 'Changed below' });
    await user.click(within(below).getByRole('button'));
    const parentDiff = screen.getByRole('region', {
      name: `Differences of ${DEEP_IDS.collection}`,
    });
    await user.click(
      within(parentDiff).getByRole('button', { name: /Show differences of Collection/ }),
    );
    const groupDiff = screen.getByRole('region', { name: `Differences of ${DEEP_IDS.group}` });
    const item = within(groupDiff).getByRole('listitem');
    expect(item).toHaveTextContent("['@objects'][1]: Mesh → Mesh");
    await user.click(within(item).getByRole('button'));
    const meshDiff = screen.getByRole('region', { name: `Differences of ${DEEP_IDS.mesh}` });
    const row = within(meshDiff).getByRole('row', { name: /^name / });
    expect(row).toHaveTextContent('"Cube.001"');
    expect(row).toHaveTextContent('"Cube.002"');
  });
});

describe('Compare versions a ticket names', () => {
  const CUBE_MODEL = DEMO_MODELS.blenderCube;
  const CUBE_VERSION = DEMO_VERSIONS.blenderCube;
  const CUBE_SIDE =
    `Project ${PUBLIC_PROJECT_ID} · model real data/blender cube (${CUBE_MODEL}) · ` +
    `version ${CUBE_VERSION}: “Default cube”, 2026-10-06 11:00 UTC · root ${ROOT_ID}`;

  /** The demo's public project over GraphQL, its cube version's root and the changed cube. */
  function renderPublic(from: string, to: string, graphql = graphqlHandlers(SERVER)) {
    speckleServer.use(
      ...graphql,
      http.get(`${SERVER}/objects/${PUBLIC_PROJECT_ID}/:id`, ({ request, params }) => {
        requests.push(request.clone());
        if (params.id === ROOT_ID) return linesResponse(CUBE_LINES);
        if (params.id === CHANGED_ROOT_ID) return linesResponse(CHANGED_LINES);
        return new HttpResponse('Failed to find object.', { status: 404 });
      }),
    );
    return renderApp({ route: `/compare/${PUBLIC_PROJECT_ID}/${from}/${to}`, token: DEMO_TOKEN });
  }

  async function expectStatus(text: string | RegExp) {
    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    await waitFor(() => expect(within(comparison).getByRole('status')).toHaveTextContent(text));
  }

  it('resolves a version id to its root, naming model, version, message and date', async () => {
    const { user } = renderPublic(CUBE_VERSION, CHANGED_ROOT_ID);
    await expectStatus(`0 added, 0 removed, 1 changed, ${CUBE_OBJECTS.length - 1} unchanged.`);
    expect(screen.getByRole('region', { name: 'First version' })).toHaveTextContent(CUBE_SIDE);
    expect(screen.getByRole('region', { name: 'Second version' })).toHaveTextContent(
      `Project ${PUBLIC_PROJECT_ID} · object ${CHANGED_ROOT_ID}, given by its id`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy summary' }));
    expect(await navigator.clipboard.readText()).toContain(`  from: ${CUBE_SIDE}\n`);
  });

  it('resolves model@version, and a model to its newest version', async () => {
    renderPublic(`${CUBE_MODEL}@${CUBE_VERSION}`, CUBE_MODEL);
    await expectStatus(`The two versions are identical: ${CUBE_OBJECTS.length} objects unchanged.`);
    for (const name of ['First version', 'Second version']) {
      expect(screen.getByRole('region', { name })).toHaveTextContent(CUBE_SIDE);
    }
  });

  it('says which side could not be resolved and why, and loads nothing for it', async () => {
    const missing = `${CUBE_MODEL}@ffffffffff`;
    const before = requests.length;
    renderPublic(missing, CUBE_VERSION);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The first side, “${missing}”, names nothing to compare:`);
    expect(alert).toHaveTextContent(
      `Version ffffffffff does not exist in model “real data/blender cube” (${CUBE_MODEL}) of ` +
        `project ${PUBLIC_PROJECT_ID}.`,
    );
    // The next step, as a link's alert offers it.
    expect(
      within(alert).getByRole('link', {
        name: 'Open the versions of model real data/blender cube',
      }),
    ).toHaveAttribute('href', `/projects/${PUBLIC_PROJECT_ID}/models/${CUBE_MODEL}/versions`);
    expect(screen.queryByRole('region', { name: 'First version' })).toBeNull();
    expect(requests.slice(before).map((request) => request.url)).toEqual([]);
  });

  it('says a version id of the second side is none of the project', async () => {
    renderPublic(ROOT_ID, 'ffffffffff');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The second side, “ffffffffff”, names nothing to compare:');
    expect(alert).toHaveTextContent(
      `Project ${PUBLIC_PROJECT_ID} has no model and no version with the id ffffffffff.`,
    );
  });

  it('compares a loaded result with a version given by its link', async () => {
    const { user, router } = renderPublic(ROOT_ID, ROOT_ID);
    await expectStatus(/identical/);
    await router.navigate(`/objects/${PUBLIC_PROJECT_ID}/${CHANGED_ROOT_ID}`);
    const field = await screen.findByRole('textbox', {
      name: 'Compare with another object, version or model (its id or a link)',
    });
    await user.type(field, `${SERVER}/projects/${PUBLIC_PROJECT_ID}/models/${CUBE_MODEL}`);
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(router.state.location.pathname).toBe(
      `/compare/${PUBLIC_PROJECT_ID}/${CHANGED_ROOT_ID}/${CUBE_MODEL}`,
    );
    await expectStatus(/^0 added, 0 removed, 1 changed/);
    expect(screen.getByRole('region', { name: 'Second version' })).toHaveTextContent(CUBE_SIDE);
  });

  it("compares a version's result with another root, naming the version as its address does", async () => {
    const { user, router } = renderPublic(ROOT_ID, ROOT_ID);
    await expectStatus(/identical/);
    const version = `${CUBE_MODEL}@${CUBE_VERSION}`;
    await router.navigate(`/projects/${PUBLIC_PROJECT_ID}/models/${version}`);
    const field = await screen.findByRole('textbox', {
      name: 'Compare with another object, version or model (its id or a link)',
    });
    await user.type(field, CHANGED_ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(router.state.location.pathname).toBe(
      `/compare/${PUBLIC_PROJECT_ID}/${version}/${CHANGED_ROOT_ID}`,
    );
    await expectStatus(/^0 added, 0 removed, 1 changed/);
    expect(screen.getByRole('region', { name: 'First version' })).toHaveTextContent(CUBE_SIDE);
  });

  it('names the side a server without GraphQL cannot resolve, and offers no Retry', async () => {
    renderPublic(ROOT_ID, CUBE_VERSION, [noGraphql(SERVER)]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      new RegExp(`^The second side, “${CUBE_VERSION}”, could not be resolved: \\S`),
    );
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('asks GraphQL nothing for two object ids', async () => {
    const before = graphqlRequests.length;
    renderPublic(ROOT_ID, CHANGED_ROOT_ID);
    await expectStatus(/^0 added, 0 removed, 1 changed/);
    expect(graphqlRequests.length).toBe(before);
  });
});

/**
 * The cube with one mesh renamed: the mesh, its two parents and the root get new ids, none of
 * them with an applicationId, so they match through the root.
 */
const DEEP_IDS = {
  mesh: 'aa000000000000000000000000000001',
  group: 'aa000000000000000000000000000002',
  collection: 'aa000000000000000000000000000003',
  root: 'aa000000000000000000000000000004',
};

function serveDeepChange() {
  const renames: [string, string][] = [
    ['0a135c3f8fed261b1f540c180b52f569', DEEP_IDS.mesh],
    ['a09d3408a23af65371a50ffad57eca90', DEEP_IDS.group],
    ['7b7d7d6668f9d548d23ae5ea6d49446a', DEEP_IDS.collection],
    [ROOT_ID, DEEP_IDS.root],
  ];
  const lines = CUBE_OBJECTS.map(({ id, raw }) => {
    let text = `${id}\t${id === renames[0]![0] ? raw.replace('"name": "Cube.001"', '"name": "Cube.002"') : raw}\n`;
    for (const [from, to] of renames) text = text.replaceAll(from, to);
    return text;
  });
  speckleServer.use(
    http.get(`${SERVER}/objects/:p/${DEEP_IDS.root}`, () => linesResponse(lines.join(''))),
  );
}

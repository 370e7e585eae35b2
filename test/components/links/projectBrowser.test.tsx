import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN,
  GENERATED_ROOT_IDS,
  LARGE_PROJECT_ID,
  PUBLIC_PROJECT_ID,
} from '../../../demo/catalog';
import { DEMO_MODELS, DEMO_VERSIONS, LONG_HISTORY_MODEL } from '../../../demo/history';
import { speckleLinkQuery } from '../../../src/features/links/graphql/graphqlQueries';
import { LOOKUP_REQUEST } from '../../../src/connection/useLookupServer';
import { rootOutcome, rootResource } from '../../../src/speckle/links/linkResolution';
import type { LinkTarget } from '../../../src/speckle/links/speckleLink';
import { graphqlHandlers, graphqlRequests, olderServer } from '../graphqlDouble';
import { renderApp } from '../renderApp';
import { requests, SERVER, speckleServer, TOKEN } from '../speckleDouble';

function renderWithGraphql(route: string, token = DEMO_TOKEN) {
  speckleServer.use(...graphqlHandlers(SERVER));
  return renderApp({ route, token });
}

describe('Project browser', () => {
  it("lists a project's models newest first and pages in more with the server's cursor", async () => {
    const { user } = renderWithGraphql(`/projects/${LARGE_PROJECT_ID}`);
    const list = await screen.findByRole('list', { name: 'Models' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText(/models, newest first; showing 50\./)).toBeInTheDocument();
    const requestsBefore = graphqlRequests.length;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(100));
    const body = (await graphqlRequests.at(-1)!.clone().json()) as {
      variables: { cursor: string };
    };
    expect(graphqlRequests.length).toBe(requestsBefore + 1);
    expect(body.variables.cursor).toEqual(expect.any(String));
  });

  it('links each model by its full name, with its number of versions, to its versions', async () => {
    const { user, router } = renderWithGraphql(`/projects/${PUBLIC_PROJECT_ID}`);
    const link = await screen.findByRole('link', { name: 'real data/blender cube' });
    expect(link.closest('li')).toHaveTextContent(/1 version, updated 2026-10-/);
    await user.click(screen.getByRole('link', { name: 'building' }));
    expect(router.state.location.pathname).toBe(
      `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}/versions`,
    );
    const versions = await screen.findByRole('list', { name: 'Versions' });
    const rows = within(versions).getAllByRole('listitem');
    // Newest first, the message's first line only.
    expect(rows[0]).toHaveAccessibleName(
      `Version ${DEMO_VERSIONS.building1000Changed}: Comments on a few elements`,
    );
    expect(rows[1]).toHaveTextContent('Level 3 — façade ✓ "quoted"');
    expect(rows[1]).not.toHaveTextContent('second line');
    expect(rows[0]).toHaveTextContent('Bob');
    expect(rows[0]).toHaveTextContent('ObjectExplorerTest');
    // The oldest is withheld: its root is not offered.
    expect(within(rows.at(-1)!).queryByRole('button', { name: /^Get object/ })).toBeNull();
    expect(rows.at(-1)).toHaveTextContent('history limit');

    await user.click(
      within(rows[2]!).getByRole('button', { name: /^Get with children of version/ }),
    );
    const PUBLIC = `/projects/${PUBLIC_PROJECT_ID}`;
    expect(router.state.location.pathname).toBe(
      `${PUBLIC}/models/${DEMO_MODELS.building}@${DEMO_VERSIONS.building100}`,
    );

    // Above the result: where it came from, and the way back and on.
    const origin = await screen.findByRole('navigation', { name: 'Version' });
    expect(origin).toHaveTextContent(
      `Project ${PUBLIC_PROJECT_ID} · model building · version ${DEMO_VERSIONS.building100}: “Second level and the doors”, 2026-10-03 09:00 UTC`,
    );
    expect(within(origin).getByRole('link', { name: 'building' })).toHaveAttribute(
      'href',
      `${PUBLIC}/models/${DEMO_MODELS.building}/versions`,
    );
    await user.click(await within(origin).findByRole('link', { name: 'Next version' }));
    expect(router.state.location.pathname).toBe(
      `${PUBLIC}/models/${DEMO_MODELS.building}@${DEMO_VERSIONS.building1000}`,
    );
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Version' })).toHaveTextContent(
        DEMO_VERSIONS.building1000,
      ),
    );
    expect(
      await within(screen.getByRole('navigation', { name: 'Version' })).findByRole('link', {
        name: 'Previous version',
      }),
    ).toHaveAttribute(
      'href',
      `${PUBLIC}/models/${DEMO_MODELS.building}@${DEMO_VERSIONS.building100}`,
    );
  });

  it('gets the object alone from a version row, at its viewer address', async () => {
    const { user, router } = renderWithGraphql(
      `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}/versions`,
    );
    const row = await screen.findByRole('listitem', { name: /Second level and the doors/ });
    await user.click(within(row).getByRole('button', { name: /^Get object of version/ }));
    expect(router.state.location.pathname).toBe(
      `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}@${DEMO_VERSIONS.building100}`,
    );
    expect(router.state.location.search).toBe('?mode=single');
    await waitFor(() =>
      expect(requests.map((request) => new URL(request.url).pathname)).toContain(
        `/objects/${PUBLIC_PROJECT_ID}/${GENERATED_ROOT_IDS['public-100']}/single`,
      ),
    );
  });

  it("names each row's controls after its version, apart from the lookup form's", async () => {
    renderWithGraphql(`/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}/versions`);
    const row = await screen.findByRole('listitem', { name: /Second level and the doors/ });
    const version = DEMO_VERSIONS.building100;
    for (const name of [
      `Get object of version ${version}`,
      `Get with children of version ${version}`,
      `Compare with previous version of version ${version}`,
    ]) {
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    }
    // The sidebar's form keeps the plain names: one of each on the page.
    expect(screen.getAllByRole('button', { name: 'Get with children' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Get object' })).toHaveLength(1);
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("shows each version's id with a button that copies it, withheld versions too", async () => {
    const { user } = renderWithGraphql(
      `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}/versions`,
    );
    const rows = within(await screen.findByRole('list', { name: 'Versions' })).getAllByRole(
      'listitem',
    );
    const withheld = rows.at(-1)!;
    const id = DEMO_VERSIONS.buildingWithheld;
    expect(withheld).toHaveTextContent(`Version id${id}`);
    await user.click(within(withheld).getByRole('button', { name: `Copy version id ${id}` }));
    expect(await navigator.clipboard.readText()).toBe(id);
    expect(await screen.findByText('Version id copied.')).toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: /Second level and the doors/ });
    await user.click(
      within(row).getByRole('button', { name: `Copy version id ${DEMO_VERSIONS.building100}` }),
    );
    expect(await navigator.clipboard.readText()).toBe(DEMO_VERSIONS.building100);
  });

  it('says the oldest version before a version is withheld, rather than linking it', async () => {
    renderWithGraphql(
      `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}@${DEMO_VERSIONS.building10}`,
    );
    const origin = await screen.findByRole('navigation', { name: 'Version' });
    await waitFor(() =>
      expect(origin).toHaveTextContent(
        'Previous version withheld by the server: older than the plan’s history limit.',
      ),
    );
    expect(within(origin).queryByRole('link', { name: 'Previous version' })).toBeNull();
  });

  // A resolution kept in the cache can name a version its model no longer has: deleted, or moved
  // to another model since. The bar says so, in a link's words, rather than show the other model.
  describe('a version the model does not have, at its viewer address', () => {
    const PUBLIC = `/projects/${PUBLIC_PROJECT_ID}`;
    const REVIT_FLOOR_ROOT = '551513ff4f3596024547fc818f1f3f70';

    async function openKeptResolution(versionId: string) {
      const view = renderWithGraphql('/');
      const root = { modelId: DEMO_MODELS.building, versionId, objectId: REVIT_FLOOR_ROOT };
      const input = { origin: SERVER, access: { base: SERVER, token: DEMO_TOKEN } };
      const target: LinkTarget = { kind: 'resources', resources: [rootResource(root)] };
      const link = { projectId: PUBLIC_PROJECT_ID, target };
      view.queryClient.setQueryData(
        speckleLinkQuery({ ...input, link }).queryKey,
        rootOutcome(root),
      );
      await view.router.navigate(`${PUBLIC}/models/${DEMO_MODELS.building}@${versionId}`, {
        state: LOOKUP_REQUEST,
      });
      return view;
    }

    it('a version of another model: that version in its own model', async () => {
      const { user, router } = await openKeptResolution(DEMO_VERSIONS.revitFloor);
      const note = await screen.findByRole('note');
      expect(note).toHaveTextContent(
        `Version ${DEMO_VERSIONS.revitFloor} belongs to model “real data/revit floor” (${DEMO_MODELS.revitFloor}), not to model ${DEMO_MODELS.building}.`,
      );
      expect(screen.queryByRole('navigation', { name: 'Version' })).toBeNull();
      await user.click(
        within(note).getByRole('link', {
          name: `Open version ${DEMO_VERSIONS.revitFloor} in model real data/revit floor`,
        }),
      );
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(
          `${PUBLIC}/models/${DEMO_MODELS.revitFloor}@${DEMO_VERSIONS.revitFloor}`,
        ),
      );
      expect(
        await within(await screen.findByRole('navigation', { name: 'Version' })).findByRole(
          'link',
          {
            name: 'real data/revit floor',
          },
        ),
      ).toBeInTheDocument();
    });

    it('a version that does not exist: the model’s versions', async () => {
      await openKeptResolution('eeeeeeeeee');
      const note = await screen.findByRole('note');
      expect(note).toHaveTextContent(
        `Version eeeeeeeeee does not exist in model “building” (${DEMO_MODELS.building}) of project ${PUBLIC_PROJECT_ID}.`,
      );
      expect(
        within(note).getByRole('link', { name: 'Open the versions of model building' }),
      ).toHaveAttribute('href', `${PUBLIC}/models/${DEMO_MODELS.building}/versions`);
    });
  });

  // Version 500 of 1,000 is 501st newest: the model's versions are paged, 100 at a time (the most
  // the server gives), until it and the one before it are in. The one-trip list of every version
  // (`viewerResourcesExtended`, which the demo server lists in no date order, as the real one
  // promises none) is not read.
  it.each([
    ['a server with viewerResourcesExtended', () => graphqlHandlers(SERVER)],
    ['an older server', () => [olderServer(SERVER), ...graphqlHandlers(SERVER)]],
  ])('steps to the versions around any version of a long history, on %s', async (_, handlers) => {
    speckleServer.use(...handlers());
    const before = graphqlRequests.length;
    const versionId = (n: number) => `1a7e5e${n.toString(16).padStart(4, '0')}`;
    const model = `/projects/${LARGE_PROJECT_ID}/models/${LONG_HISTORY_MODEL}`;
    renderApp({ route: `${model}@${versionId(499)}`, token: DEMO_TOKEN });
    const origin = await screen.findByRole('navigation', { name: 'Version' });
    await waitFor(() => expect(origin).toHaveTextContent('“Version 500”'));
    expect(await within(origin).findByRole('link', { name: 'Previous version' })).toHaveAttribute(
      'href',
      `${model}@${versionId(498)}`,
    );
    expect(within(origin).getByRole('link', { name: 'Next version' })).toHaveAttribute(
      'href',
      `${model}@${versionId(500)}`,
    );
    const bodies = await Promise.all(
      graphqlRequests.slice(before).map(
        async (request) =>
          (await request.clone().json()) as {
            operationName: string;
            variables: { limit?: number };
          },
      ),
    );
    const pages = bodies.filter((body) => body.operationName === 'VersionRootsPage');
    expect(pages.map((body) => body.variables.limit)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(bodies.map((body) => body.operationName)).not.toContain('VersionRoots');
  });

  describe('comparing versions from the list', () => {
    const MODEL_VERSIONS = `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}/versions`;
    const building = DEMO_MODELS.building;
    const compared = (from: string, to: string) =>
      `/compare/${PUBLIC_PROJECT_ID}/${building}@${from}/${building}@${to}`;

    it('compares a version with the one before it, the older as from', async () => {
      const { user, router } = renderWithGraphql(MODEL_VERSIONS);
      const row = await screen.findByRole('listitem', { name: /Second level and the doors/ });
      const before = graphqlRequests.length;
      await user.click(within(row).getByRole('button', { name: /^Compare with previous version/ }));
      expect(router.state.location.pathname).toBe(
        compared(DEMO_VERSIONS.building10, DEMO_VERSIONS.building100),
      );
      // The list knew both versions: the comparison names them without asking again.
      expect(await screen.findByRole('region', { name: 'First version' })).toHaveTextContent(
        `model building (${building}) · version ${DEMO_VERSIONS.building10}: “Level 1 only”`,
      );
      expect(screen.getByRole('region', { name: 'Second version' })).toHaveTextContent(
        `version ${DEMO_VERSIONS.building100}: “Second level and the doors”`,
      );
      expect(graphqlRequests.length).toBe(before);
    });

    it('offers no comparison with a withheld version before', async () => {
      renderWithGraphql(MODEL_VERSIONS);
      const row = await screen.findByRole('listitem', { name: /Level 1 only/ });
      expect(
        within(row).queryByRole('button', { name: /^Compare with previous version/ }),
      ).toBeNull();
    });

    it('compares any two versions chosen, by keyboard', async () => {
      const { user, router } = renderWithGraphql(MODEL_VERSIONS);
      const compare = await screen.findByRole('button', { name: 'Compare chosen versions' });
      expect(compare).toBeDisabled();
      const newest = `Choose to compare version ${DEMO_VERSIONS.building1000Changed}`;
      screen.getByRole('checkbox', { name: newest }).focus();
      await user.keyboard(' ');
      await user.click(
        screen.getByRole('checkbox', {
          name: `Choose to compare version ${DEMO_VERSIONS.building10}`,
        }),
      );
      expect(screen.getByText(/Two versions chosen/)).toHaveRole('status');
      compare.focus();
      await user.keyboard('{Enter}');
      expect(router.state.location.pathname).toBe(
        compared(DEMO_VERSIONS.building10, DEMO_VERSIONS.building1000Changed),
      );
    });

    it('asks for the version before the last one listed only when compared', async () => {
      const { user, router } = renderWithGraphql(
        `/projects/${LARGE_PROJECT_ID}/models/${LONG_HISTORY_MODEL}/versions`,
      );
      const rows = within(await screen.findByRole('list', { name: 'Versions' })).getAllByRole(
        'listitem',
      );
      const before = graphqlRequests.length;
      await user.click(
        within(rows.at(-1)!).getByRole('button', { name: /^Compare with previous version/ }),
      );
      // The first page lists the newest 50 of 1,000: its last row is the 951st version.
      const version = (n: number) =>
        `${LONG_HISTORY_MODEL}@1a7e5e${n.toString(16).padStart(4, '0')}`;
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(
          `/compare/${LARGE_PROJECT_ID}/${version(949)}/${version(950)}`,
        ),
      );
      const body = (await graphqlRequests[before]!.clone().json()) as { operationName: string };
      expect(body.operationName).toBe('VersionRootsPage');
    });
  });

  describe("the versions of a model the project does not have say so, as the model's link does", () => {
    it('a model that does not exist: the project’s models', async () => {
      const { user, router } = renderWithGraphql(
        `/projects/${PUBLIC_PROJECT_ID}/models/ffffffffff/versions`,
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        `Model ffffffffff does not exist in project ${PUBLIC_PROJECT_ID}.`,
      );
      await user.click(
        within(alert).getByRole('link', {
          name: `Open the models of project ${PUBLIC_PROJECT_ID}`,
        }),
      );
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/projects/${PUBLIC_PROJECT_ID}`),
      );
      expect(await screen.findByRole('list', { name: 'Models' })).toBeInTheDocument();
    });

    // The server lists another project's model's versions too (shared/speckle-graphql.md).
    it('a model of another project: not followed, and its versions not listed', async () => {
      renderWithGraphql(`/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.tower}/versions`);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        `Model “${DEMO_MODELS.tower}” belongs to another project, not ${PUBLIC_PROJECT_ID}`,
      );
      expect(screen.queryByRole('list', { name: 'Versions' })).toBeNull();
    });
  });

  it('says so when the project does not exist', async () => {
    renderWithGraphql('/projects/0000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no project 0000000000 on');
  });

  it.each([
    ['a project that is null', { data: { project: null } }, '“project is null”'],
    ['no data and no errors', { data: null }, 'sent a GraphQL answer this app cannot read'],
    [
      'models of the wrong type',
      {
        data: {
          project: {
            id: PUBLIC_PROJECT_ID,
            name: 'P',
            visibility: 'PUBLIC',
            role: null,
            models: [],
          },
        },
      },
      '“project.models is not an object”',
    ],
  ])(
    'says what is wrong with an answer it cannot read, rather than reading forever: %s',
    async (_, answer, said) => {
      speckleServer.use(http.post(`${SERVER}/graphql`, () => HttpResponse.json(answer)));
      renderApp({ route: `/projects/${PUBLIC_PROJECT_ID}`, token: DEMO_TOKEN });
      expect(await screen.findByRole('alert')).toHaveTextContent(said);
      expect(screen.queryByText("Reading the project's models…")).toBeNull();
    },
  );

  it('says the server rejected a token that is not valid', async () => {
    renderWithGraphql(`/projects/${PUBLIC_PROJECT_ID}`, TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server rejected the access token as not valid (403).',
    );
  });
});

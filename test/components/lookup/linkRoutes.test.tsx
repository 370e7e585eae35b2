import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN,
  GENERATED_ROOT_IDS,
  PRIVATE_PROJECT_ID,
  PROFILE_ONLY_TOKEN,
  PUBLIC_PROJECT_ID,
} from '../../../demo/catalog';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../../demo/history';
import { graphqlHandlers, graphqlRequests } from '../graphqlDouble';
import { renderApp } from '../renderApp';
import { linesResponse, recordRequests, requests, SERVER, speckleServer } from '../speckleDouble';

const UNKNOWN = 'https://unknown.example';

const M = DEMO_MODELS;
const V = DEMO_VERSIONS;
const PUBLIC = `/projects/${PUBLIC_PROJECT_ID}`;

function renderWithGraphql(route: string, token = DEMO_TOKEN) {
  speckleServer.use(...graphqlHandlers(SERVER));
  return renderApp({ route, token });
}

function waitForPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  return waitFor(() => expect(router.state.location.pathname).toBe(path));
}

/** The GraphQL operations asked for since `before`, in order. */
function operationsSince(before: number): Promise<string[]> {
  return Promise.all(
    graphqlRequests.slice(before).map(async (request) => {
      const body = (await request.clone().json()) as { operationName: string };
      return body.operationName;
    }),
  );
}

/** Waits for the object endpoints to be asked for `objectId` of the public project. */
function waitForObjectRequest(objectId: string, mode: 'children' | 'single' = 'children') {
  const path = `/objects/${PUBLIC_PROJECT_ID}/${objectId}${mode === 'single' ? '/single' : ''}`;
  return waitFor(() =>
    expect(requests.map((request) => new URL(request.url).pathname)).toContain(path),
  );
}

describe('Speckle link routes', () => {
  it("shows a version's root with its children at the link's own address, after one GraphQL round trip", async () => {
    const before = graphqlRequests.length;
    const route = `${PUBLIC}/models/${M.building}@${V.building100}`;
    const { router } = renderWithGraphql(route);
    await waitForObjectRequest(GENERATED_ROOT_IDS['public-100']!);
    expect(router.state.location.pathname).toBe(route);
    // Where it came from, read by the ids in the address: a reload shows it too.
    const origin = await screen.findByRole('navigation', { name: 'Version' });
    await waitFor(() =>
      expect(origin).toHaveTextContent(
        `model building · version ${V.building100}: “Second level and the doors”`,
      ),
    );
    // The root needed one operation; the bar asked for the version and a page of its model's
    // versions, newest first, that holds it and the one before it.
    expect(await operationsSince(before)).toEqual([
      'ViewerResources',
      'Version',
      'VersionRootsPage',
    ]);
  });

  it("shows a model's newest version at the model's address", async () => {
    const route = `${PUBLIC}/models/${M.building}`;
    const { router } = renderWithGraphql(route);
    await waitForObjectRequest(GENERATED_ROOT_IDS['public-1000/v2']!);
    expect(router.state.location.pathname).toBe(route);
    const origin = await screen.findByRole('navigation', { name: 'Version' });
    expect(await within(origin).findByRole('link', { name: 'Previous version' })).toHaveAttribute(
      'href',
      `${PUBLIC}/models/${M.building}@${V.building1000}`,
    );
    expect(within(origin).queryByRole('link', { name: 'Next version' })).toBeNull();
  });

  it('gets the object alone with ?mode=single, and fills the form to ask again in either mode', async () => {
    const route = `${PUBLIC}/models/${M.building}@${V.building100}?mode=single`;
    const { user, router } = renderWithGraphql(route);
    await waitForObjectRequest(GENERATED_ROOT_IDS['public-100']!, 'single');
    expect(screen.getByRole('textbox', { name: 'Object ID' })).toHaveValue(
      `${M.building}@${V.building100}`,
    );
    await user.click(screen.getByRole('button', { name: 'Get with children' }));
    expect(router.state.location.pathname).toBe(`${PUBLIC}/models/${M.building}@${V.building100}`);
    expect(router.state.location.search).toBe('');
    await waitForObjectRequest(GENERATED_ROOT_IDS['public-100']!);
  });

  it("asks again for a viewer link's root that broke when Get asks for it at its object route", async () => {
    const root = GENERATED_ROOT_IDS['public-100']!;
    const line = `${root}\t{"id":"${root}","speckle_type":"Base"}\n`;
    let asked = 0;
    // The first answer ends without its last newline: cut short.
    speckleServer.use(
      http.get(`${SERVER}/objects/${PUBLIC_PROJECT_ID}/${root}`, () => {
        asked += 1;
        return linesResponse(asked === 1 ? line.slice(0, -1) : line);
      }),
    );
    const { user, router } = renderWithGraphql(`${PUBLIC}/models/${M.building}@${V.building100}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/stopped before the server/);

    const objectId = screen.getByRole('textbox', { name: 'Object ID' });
    await user.clear(objectId);
    await user.type(objectId, root);
    await user.click(screen.getByRole('button', { name: 'Get with children' }));

    await waitForPath(router, `${PUBLIC}/${root}`.replace('/projects/', '/objects/'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^1 object, /));
    expect(asked).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a token without streams:read cannot read a public project there, and opens it without the token', async () => {
    const root = GENERATED_ROOT_IDS['public-100']!;
    const { user } = renderWithGraphql(
      `${PUBLIC}/models/${M.building}@${V.building100}`,
      PROFILE_ONLY_TOKEN,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `Your token does not have the streams:read scope, which Speckle's GraphQL API needs to read any project, even a public one`,
    );
    expect(alert).toHaveTextContent(
      `Project ${PUBLIC_PROJECT_ID} is public: it opens without a token.`,
    );
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Edit access token' }));
    expect(screen.getByLabelText('Access token')).toHaveFocus();

    const before = graphqlRequests.length;
    await user.click(within(alert).getByRole('button', { name: 'Open without the token' }));
    await waitForObjectRequest(root);
    expect(screen.getByRole('note')).toHaveTextContent(
      `Project ${PUBLIC_PROJECT_ID} is read here without your access token`,
    );
    expect(
      graphqlRequests.slice(before).map((request) => request.headers.get('authorization')),
    ).toEqual(graphqlRequests.slice(before).map(() => null));
    const objects = requests.filter((request) => new URL(request.url).pathname.endsWith(root));
    expect(objects.at(-1)?.headers.get('authorization')).toBe(`Bearer ${PROFILE_ONLY_TOKEN}`);
  });

  it('names a mode it does not know', async () => {
    renderWithGraphql(`${PUBLIC}/models/${M.building}?mode=tree`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This address asks for the mode “tree”: mode=single gets the object alone',
    );
  });

  it("moves a legacy commit link to its version's viewer address, without resolving that again", async () => {
    const before = graphqlRequests.length;
    const { router } = renderWithGraphql(`/streams/${PUBLIC_PROJECT_ID}/commits/${V.revitFloor}`);
    const viewerRoute = `${PUBLIC}/models/${M.revitFloor}@${V.revitFloor}`;
    await waitForPath(router, viewerRoute);
    expect(router.state.historyAction).toBe('REPLACE');
    await waitForObjectRequest('551513ff4f3596024547fc818f1f3f70');
    const operations = await operationsSince(before);
    expect(operations[0]).toBe('Version');
    expect(operations).not.toContain('ViewerResources');
  });

  // An embed link reads `object=` as its own: a result moving within itself would change it.
  it("moves an embedded object link to the object's viewer address", async () => {
    const root = GENERATED_ROOT_IDS['public-100']!;
    const { router } = renderWithGraphql(`/embed?stream=${PUBLIC_PROJECT_ID}&object=${root}`);
    await waitForPath(router, `${PUBLIC}/models/${root}`);
    await waitForObjectRequest(root);
  });

  it('offers the roots of a multi-model link to choose from, each described', async () => {
    const { user, router } = renderWithGraphql(`${PUBLIC}/models/${M.revitFloor},${M.blenderCube}`);
    const choice = await screen.findByRole('list', { name: 'Roots to choose from' });
    const cube = await within(choice).findByRole('link', { name: 'real data/blender cube' });
    const entry = cube.closest('li')!;
    await waitFor(() => expect(entry).toHaveTextContent('Default cube'));
    expect(entry).toHaveTextContent('blender');
    expect(entry).toHaveTextContent('Alice');
    expect(entry).toHaveTextContent('2026-10-06 11:00 UTC');
    expect(entry).toHaveTextContent('1d060c69832c77c34ccc08e7955c132d');
    expect(within(choice).getAllByRole('listitem')).toHaveLength(2);
    const before = graphqlRequests.length;
    await user.click(cube);
    await waitForPath(router, `${PUBLIC}/models/${M.blenderCube}@${V.blenderCube}`);
    await waitForObjectRequest('1d060c69832c77c34ccc08e7955c132d');
    // The choice knew the root: its address is not resolved again.
    expect(await operationsSince(before)).not.toContain('ViewerResources');
    router.navigate(-1);
    expect(await screen.findByRole('list', { name: 'Roots to choose from' })).toBeInTheDocument();
  });

  it('opens a legacy branch link on its model versions', async () => {
    renderWithGraphql(`/streams/${PUBLIC_PROJECT_ID}/branches/real%20data%2Fblender%20cube`);
    expect(
      await screen.findByRole('heading', { name: 'Model real data/blender cube' }),
    ).toBeInTheDocument();
  });

  // As Speckle's web app does: an embedded branch opens its model, a legacy branch its versions.
  it("moves an embedded branch link to its model's viewer address, on the newest version", async () => {
    const { router } = renderWithGraphql(`/embed?stream=${PUBLIC_PROJECT_ID}&branch=building`);
    await waitForPath(router, `${PUBLIC}/models/${M.building}`);
    expect(router.state.historyAction).toBe('REPLACE');
    await waitForObjectRequest(GENERATED_ROOT_IDS['public-1000/v2']!);
    const origin = await screen.findByRole('navigation', { name: 'Version' });
    await waitFor(() => expect(origin).toHaveTextContent(`version ${V.building1000Changed}`));
  });

  it('moves an embedded branch in a folder to its model', async () => {
    const branch = encodeURIComponent('real data/blender cube');
    const { router } = renderWithGraphql(`/embed?stream=${PUBLIC_PROJECT_ID}&branch=${branch}`);
    await waitForPath(router, `${PUBLIC}/models/${M.blenderCube}`);
    await waitForObjectRequest('1d060c69832c77c34ccc08e7955c132d');
  });

  describe('an entry that matched nothing says why, and offers the next step', () => {
    it('a version id that does not exist: the model’s versions', async () => {
      const { user, router } = renderWithGraphql(`${PUBLIC}/models/${M.building}@eeeeeeeeee`);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        `Version eeeeeeeeee does not exist in model “building” (${M.building}) of project ${PUBLIC_PROJECT_ID}.`,
      );
      await user.click(
        within(alert).getByRole('link', { name: 'Open the versions of model building' }),
      );
      await waitForPath(router, `${PUBLIC}/models/${M.building}/versions`);
      expect(await screen.findByRole('heading', { name: 'Model building' })).toBeInTheDocument();
    });

    it('a version of another model: that version in its own model', async () => {
      const { user, router } = renderWithGraphql(`${PUBLIC}/models/${M.building}@${V.revitFloor}`);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        `Version ${V.revitFloor} belongs to model “real data/revit floor” (${M.revitFloor}), not to model ${M.building}.`,
      );
      await user.click(
        within(alert).getByRole('link', {
          name: `Open version ${V.revitFloor} in model real data/revit floor`,
        }),
      );
      await waitForPath(router, `${PUBLIC}/models/${M.revitFloor}@${V.revitFloor}`);
      await waitForObjectRequest('551513ff4f3596024547fc818f1f3f70');
    });

    it('a model without versions: says it has none yet', async () => {
      renderWithGraphql(`${PUBLIC}/models/${M.drafts}`);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        `Model “drafts” (${M.drafts}) has no versions yet: there is no root object to open.`,
      );
      expect(
        within(alert).getByRole('link', {
          name: `Open the models of project ${PUBLIC_PROJECT_ID}`,
        }),
      ).toHaveAttribute('href', PUBLIC);
    });

    it('a model that does not exist: the project’s models', async () => {
      const { user, router } = renderWithGraphql(`${PUBLIC}/models/ffffffffff@eeeeeeeeee`);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        `Model ffffffffff does not exist in project ${PUBLIC_PROJECT_ID}, and version eeeeeeeeee is none of its versions.`,
      );
      await user.click(
        within(alert).getByRole('link', {
          name: `Open the models of project ${PUBLIC_PROJECT_ID}`,
        }),
      );
      await waitForPath(router, PUBLIC);
      expect(await screen.findByRole('list', { name: 'Models' })).toBeInTheDocument();
    });

    it('an id that is no model and no version', async () => {
      renderWithGraphql(`${PUBLIC}/models/ffffffffff`);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        `Project ${PUBLIC_PROJECT_ID} has no model and no version with the id ffffffffff.`,
      );
    });

    it.each([
      ['a legacy commit link', `/streams/${PUBLIC_PROJECT_ID}/commits/eeeeeeeeee`],
      ['an embed link', `/embed?stream=${PUBLIC_PROJECT_ID}&commit=eeeeeeeeee`],
    ])('a version id that does not exist, in %s: the project’s models', async (_, route) => {
      const { user, router } = renderWithGraphql(route);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        `Version eeeeeeeeee does not exist in project ${PUBLIC_PROJECT_ID}.`,
      );
      await user.click(
        within(alert).getByRole('link', {
          name: `Open the models of project ${PUBLIC_PROJECT_ID}`,
        }),
      );
      await waitForPath(router, PUBLIC);
    });

    it.each([
      ['a legacy branch link', `/streams/${PUBLIC_PROJECT_ID}/branches/no%2Fsuch%20model`],
      ['an embed link', `/embed?stream=${PUBLIC_PROJECT_ID}&branch=no%2Fsuch%20model`],
    ])('a model name the project does not have, in %s: the project’s models', async (_, route) => {
      renderWithGraphql(route);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        `Project ${PUBLIC_PROJECT_ID} has no model named “no/such model”.`,
      );
      expect(
        within(alert).getByRole('link', {
          name: `Open the models of project ${PUBLIC_PROJECT_ID}`,
        }),
      ).toHaveAttribute('href', PUBLIC);
    });

    // README: a model id, model@version or a version id typed in Object ID opens the same way.
    it.each([
      [
        `${M.building}@eeeeeeeeee`,
        `Version eeeeeeeeee does not exist in model “building” (${M.building}) of project ${PUBLIC_PROJECT_ID}.`,
        'Open the versions of model building',
      ],
      [
        `${M.building}@${V.revitFloor}`,
        `Version ${V.revitFloor} belongs to model “real data/revit floor” (${M.revitFloor}), not to model ${M.building}.`,
        `Open version ${V.revitFloor} in model real data/revit floor`,
      ],
      [
        'eeeeeeeeee',
        `Project ${PUBLIC_PROJECT_ID} has no model and no version with the id eeeeeeeeee.`,
        `Open the models of project ${PUBLIC_PROJECT_ID}`,
      ],
    ])('typed in Object ID with the project id: %s', async (typed, message, step) => {
      const { user } = renderWithGraphql('/');
      await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PUBLIC_PROJECT_ID);
      await user.type(screen.getByRole('textbox', { name: 'Object ID' }), `${typed}{Enter}`);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(within(alert).getByRole('link', { name: step })).toBeInTheDocument();
    });

    it('beside the roots a link does open, as a note', async () => {
      renderWithGraphql(`${PUBLIC}/models/${M.revitFloor},${M.blenderCube},${M.drafts}`);
      expect(await screen.findByRole('list', { name: 'Roots to choose from' })).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent(
        `Model “drafts” (${M.drafts}) has no versions yet`,
      );
    });
  });

  it('says a version beyond the history limit is withheld', async () => {
    renderWithGraphql(`${PUBLIC}/models/${M.building}@${V.buildingWithheld}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The server withholds the data of version “${V.buildingWithheld}”`,
    );
  });

  it("refuses another project's model", async () => {
    renderWithGraphql(`${PUBLIC}/models/${M.tower}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Model “${M.tower}” belongs to another project, not ${PUBLIC_PROJECT_ID}`,
    );
  });

  it('says a private project needs a token', async () => {
    renderWithGraphql(`/projects/${PRIVATE_PROJECT_ID}/models/${M.tower}`, '');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Project ${PRIVATE_PROJECT_ID} is private: enter an access token`,
    );
  });

  it.each([
    [
      'an object route',
      `/objects/${PUBLIC_PROJECT_ID}/${'a'.repeat(32)}`,
      'GET',
      `/objects/${PUBLIC_PROJECT_ID}/${'a'.repeat(32)}`,
    ],
    ['a project link route', PUBLIC, 'POST', '/graphql'],
  ])(
    'asks before contacting a server that %s names and is not saved, then sends it no token',
    async (_route, route, method, path) => {
      speckleServer.use(
        ...graphqlHandlers(UNKNOWN),
        http.get(`${UNKNOWN}/objects/*`, () => new HttpResponse(null, { status: 401 })),
      );
      const sent = recordRequests();
      const { user, connections } = renderApp({
        route: `${route}?server=${encodeURIComponent(UNKNOWN)}`,
      });
      const prompt = await screen.findByRole('region', { name: `Add server ${UNKNOWN}?` });
      expect(prompt).toHaveTextContent(
        `${UNKNOWN} is not one of your saved servers, so nothing has been sent to it. Adding it saves it without a token and asks it from then on: the access token of Test server is not sent to it.`,
      );
      expect(connections.getState().servers.map((server) => server.url)).toEqual([SERVER]);
      expect(sent).toEqual([]);

      await user.click(
        within(prompt).getByRole('button', { name: `Add server ${UNKNOWN} and connect` }),
      );
      await waitFor(() => expect(sent).toEqual([`${method} ${UNKNOWN}${path}`]));
      expect(connections.selected()?.url).toBe(UNKNOWN);
      expect(prompt).not.toBeInTheDocument();
    },
  );

  it('leaves an unsaved server uncontacted when the prompt is cancelled', async () => {
    const sent = recordRequests();
    const { user, router, connections } = renderApp({
      route: `${PUBLIC}?server=${encodeURIComponent(UNKNOWN)}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/');
    expect(connections.getState().servers.map((server) => server.url)).toEqual([SERVER]);
    expect(sent).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN,
  GENERATED_ROOT_IDS,
  PRIVATE_PROJECT_ID,
  PUBLIC_PROJECT_ID,
} from '../../demo/catalog';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../demo/history';
import { graphqlHandlers, graphqlRequests } from './graphqlDouble';
import { renderApp } from './renderApp';
import { SERVER, speckleServer } from './speckleDouble';

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

describe('Speckle link routes', () => {
  it("opens a version's root with its children, in one GraphQL round trip", async () => {
    const before = graphqlRequests.length;
    const { router } = renderWithGraphql(`${PUBLIC}/models/${M.building}@${V.building100}`);
    await waitForPath(router, `/objects/${PUBLIC_PROJECT_ID}/${GENERATED_ROOT_IDS['public-100']}`);
    const operations = await Promise.all(
      graphqlRequests.slice(before).map(async (request) => {
        const body = (await request.clone().json()) as { operationName: string };
        return body.operationName;
      }),
    );
    expect(operations).toEqual(['ViewerResources']);
  });

  it("opens a model's newest version", async () => {
    const { router } = renderWithGraphql(`${PUBLIC}/models/${M.building}`);
    await waitForPath(
      router,
      `/objects/${PUBLIC_PROJECT_ID}/${GENERATED_ROOT_IDS['public-1000/v2']}`,
    );
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
    await user.click(cube);
    await waitForPath(router, `/objects/${PUBLIC_PROJECT_ID}/1d060c69832c77c34ccc08e7955c132d`);
  });

  it('opens a legacy branch link on its model versions', async () => {
    renderWithGraphql(`/streams/${PUBLIC_PROJECT_ID}/branches/real%20data%2Fblender%20cube`);
    expect(
      await screen.findByRole('heading', { name: 'Model real data/blender cube' }),
    ).toBeInTheDocument();
  });

  it('says which entries matched nothing', async () => {
    renderWithGraphql(`${PUBLIC}/models/ffffffffff`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Nothing in project ${PUBLIC_PROJECT_ID} matched “ffffffffff”`,
    );
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
});

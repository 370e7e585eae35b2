import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, PRIVATE_PROJECT_ID, PUBLIC_PROJECT_ID } from '../../../../../demo/catalog';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../../../../demo/history';
import { isGraphqlError } from '../../../../../src/api/graphqlError';
import { speckleLinkQuery } from '../../../../../src/features/links/graphql/graphqlQueries';
import {
  resolveSpeckleLink,
  resolveTypedIds,
} from '../../../../../src/features/links/graphql/resolveLink';
import { parseSpeckleLink } from '../../../../../src/speckle/links/speckleLink';
import {
  graphqlHandlers,
  graphqlRequests,
  olderServer,
} from '../../../../components/graphqlDouble';

const SERVER = 'https://speckle.test';
const server = setupServer(...graphqlHandlers(SERVER));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  graphqlRequests.length = 0;
});

const REVIT_FLOOR = '551513ff4f3596024547fc818f1f3f70';
const M = DEMO_MODELS;
const V = DEMO_VERSIONS;

function resolve(path: string, token = '') {
  const link = parseSpeckleLink(`${SERVER}${path}`);
  if (!link) throw new Error(`not a link: ${path}`);
  return resolveSpeckleLink({ access: { base: SERVER, token }, answered: new Set() }, link);
}

describe('resolveSpeckleLink', () => {
  it('opens a model link’s newest version in one round trip', async () => {
    const outcome = await resolve(`/projects/${PUBLIC_PROJECT_ID}/models/${M.revitFloor}`);

    expect(outcome).toEqual({
      kind: 'roots',
      roots: [
        {
          identifier: M.revitFloor,
          modelId: M.revitFloor,
          versionId: V.revitFloor,
          objectId: REVIT_FLOOR,
        },
      ],
      unmatched: [],
      withheld: [],
    });
    expect(graphqlRequests).toHaveLength(1);
  });

  it('offers the roots of a multi-model link, and says why an entry matched nothing', async () => {
    const outcome = await resolve(
      `/projects/${PUBLIC_PROJECT_ID}/models/${M.revitFloor},${M.blenderCube},ffffffffff`,
    );

    expect(outcome).toMatchObject({
      kind: 'roots',
      roots: [{ modelId: M.revitFloor }, { modelId: M.blenderCube }].sort((a, b) =>
        a.modelId.localeCompare(b.modelId),
      ),
      unmatched: [{ kind: 'no-model', modelId: 'ffffffffff' }],
    });
    // One round trip for the link, one more for the model that is not there.
    expect(graphqlRequests).toHaveLength(2);
  });

  describe('why an entry matched nothing', () => {
    const PUBLIC = `/projects/${PUBLIC_PROJECT_ID}/models`;

    it.each([
      [
        'a version id the project does not have',
        `${M.building}@eeeeeeeeee`,
        {
          kind: 'no-version',
          model: { id: M.building, name: 'building' },
          versionId: 'eeeeeeeeee',
        },
      ],
      [
        'a version of another project',
        `${M.building}@${V.tower1000}`,
        { kind: 'no-version', model: { id: M.building }, versionId: V.tower1000 },
      ],
      [
        'a version of another model',
        `${M.building}@${V.revitFloor}`,
        {
          kind: 'version-of-other-model',
          modelId: M.building,
          owner: { id: M.revitFloor, name: 'real data/revit floor' },
        },
      ],
      [
        'a model without versions',
        M.drafts,
        { kind: 'no-versions-yet', model: { id: M.drafts, name: 'drafts' } },
      ],
      [
        'the empty main, which the models list leaves out',
        M.publicMain,
        { kind: 'no-versions-yet', model: { id: M.publicMain, name: 'main' } },
      ],
      [
        'a model that does not exist',
        'ffffffffff',
        { kind: 'no-model', modelId: 'ffffffffff', versionId: null },
      ],
      [
        'a model that does not exist, with a version',
        'ffffffffff@eeeeeeeeee',
        { kind: 'no-model', modelId: 'ffffffffff', versionId: 'eeeeeeeeee' },
      ],
      [
        "another project's model without versions",
        M.privateMain,
        { kind: 'no-model', modelId: M.privateMain, versionId: null },
      ],
    ])('%s', async (_, entry, why) => {
      const outcome = await resolve(`${PUBLIC}/${entry}`, DEMO_TOKEN);

      expect(outcome).toMatchObject({ kind: 'nothing-matched', unmatched: [why] });
    });
  });

  it('refuses a model of another project', async () => {
    const outcome = await resolve(`/projects/${PUBLIC_PROJECT_ID}/models/${M.tower}`, DEMO_TOKEN);

    expect(outcome).toEqual({ kind: 'other-project', modelIds: [M.tower] });
  });

  it('says when a version is withheld', async () => {
    const outcome = await resolve(
      `/projects/${PUBLIC_PROJECT_ID}/models/${M.building}@${V.buildingWithheld}`,
    );

    expect(outcome).toEqual({
      kind: 'withheld',
      withheld: [
        {
          identifier: `${M.building}@${V.buildingWithheld}`,
          modelId: M.building,
          versionId: V.buildingWithheld,
        },
      ],
    });
  });

  it('finds the model of a legacy commit, and a legacy branch’s model', async () => {
    const commit = await resolve(`/streams/${PUBLIC_PROJECT_ID}/commits/${V.revitFloor}`);
    const branch = await resolve(
      `/streams/${PUBLIC_PROJECT_ID}/branches/real%20data%2Fblender%20cube`,
    );

    expect(commit).toMatchObject({
      kind: 'roots',
      roots: [{ modelId: M.revitFloor, objectId: REVIT_FLOOR }],
    });
    expect(branch).toEqual({ kind: 'model-versions', modelId: M.blenderCube });
  });

  it('says a legacy commit or an embedded commit the project does not have does not exist', async () => {
    const missing = {
      kind: 'nothing-matched',
      unmatched: [
        { kind: 'no-version-in-project', identifier: 'eeeeeeeeee', versionId: 'eeeeeeeeee' },
      ],
    };

    expect(await resolve(`/streams/${PUBLIC_PROJECT_ID}/commits/eeeeeeeeee`)).toEqual(missing);
    expect(await resolve(`/embed?stream=${PUBLIC_PROJECT_ID}&commit=eeeeeeeeee`)).toEqual(missing);
  });

  it('says a legacy or embedded branch the project does not have does not exist', async () => {
    const missing = {
      kind: 'nothing-matched',
      unmatched: [{ kind: 'no-model-named', identifier: 'no/such', name: 'no/such' }],
    };

    expect(await resolve(`/streams/${PUBLIC_PROJECT_ID}/branches/no%2Fsuch`)).toEqual(missing);
    expect(await resolve(`/embed?stream=${PUBLIC_PROJECT_ID}&branch=no%2Fsuch`)).toEqual(missing);
  });

  // As Speckle's web app: a legacy branch opens the model's versions, an embedded one the model.
  it('opens an embedded branch’s model in the viewer', async () => {
    const branch = await resolve(
      `/embed?stream=${PUBLIC_PROJECT_ID}&branch=real%20data%2Fblender%20cube`,
    );

    expect(branch).toEqual({ kind: 'model', modelId: M.blenderCube });
  });

  it('opens the newest version of a project for an embed link naming only the stream', async () => {
    const outcome = await resolve(`/embed?stream=${PRIVATE_PROJECT_ID}`, DEMO_TOKEN);

    expect(outcome).toMatchObject({
      kind: 'roots',
      roots: [{ modelId: M.tower, versionId: V.tower100000 }],
    });
  });

  it('passes the server’s refusal on as its error', async () => {
    const error: unknown = await resolve(`/projects/${PRIVATE_PROJECT_ID}/models/${M.tower}`).catch(
      (caught: unknown) => caught,
    );

    expect(isGraphqlError(error) && error.kind).toBe('not-logged-in');
  });

  describe('on an older server without viewerResourcesExtended', () => {
    beforeEach(() => server.use(olderServer(SERVER)));

    it('asks entry by entry and reaches the same roots', async () => {
      const link = `/projects/${PUBLIC_PROJECT_ID}/models/${M.revitFloor},${M.building}@${V.building10},$real%20data,ffffffffff`;

      const outcome = await resolve(link);

      expect(outcome).toMatchObject({
        kind: 'roots',
        roots: [
          { identifier: M.revitFloor, objectId: REVIT_FLOOR },
          { identifier: `${M.building}@${V.building10}`, versionId: V.building10 },
          { identifier: '$real data', modelId: M.revitModelRoot },
          { identifier: '$real data', modelId: M.blenderCube },
        ],
        unmatched: [{ kind: 'no-model', modelId: 'ffffffffff' }],
      });
    });

    it('still refuses a model of another project', async () => {
      const outcome = await resolve(`/projects/${PUBLIC_PROJECT_ID}/models/${M.tower}`, DEMO_TOKEN);

      expect(outcome).toEqual({ kind: 'other-project', modelIds: [M.tower] });
    });
  });

  it('is cached by link and token through its query options', async () => {
    const client = new QueryClient();
    const link = parseSpeckleLink(
      `${SERVER}/projects/${PUBLIC_PROJECT_ID}/models/${M.revitFloor}`,
    )!;
    const options = (token: string) =>
      speckleLinkQuery({ origin: SERVER, access: { base: SERVER, token }, link });

    const first = await client.fetchQuery(options(''));
    const again = await client.fetchQuery(options(''));
    await client.fetchQuery(options(DEMO_TOKEN));

    expect(again).toBe(first);
    expect(graphqlRequests).toHaveLength(2);
    expect(options(DEMO_TOKEN).queryKey).not.toContain(DEMO_TOKEN);
  });

  describe('ids typed with a project id', () => {
    const typed = (text: string) =>
      resolveTypedIds(
        { access: { base: SERVER, token: '' }, answered: new Set() },
        PUBLIC_PROJECT_ID,
        text,
      );

    it('resolves a model id in one round trip', async () => {
      const outcome = await typed(` ${M.revitFloor} `);

      expect(outcome).toMatchObject({ kind: 'roots', roots: [{ objectId: REVIT_FLOOR }] });
      expect(graphqlRequests).toHaveLength(1);
    });

    it('tries a 10-character id no model has as a version', async () => {
      const outcome = await typed(V.revitFloor);

      expect(outcome).toMatchObject({
        kind: 'roots',
        roots: [{ modelId: M.revitFloor, versionId: V.revitFloor, objectId: REVIT_FLOOR }],
      });
      expect(graphqlRequests).toHaveLength(3);
    });

    it('says the id is neither a model nor a version', async () => {
      expect(await typed('ffffffffff')).toEqual({
        kind: 'nothing-matched',
        unmatched: [
          {
            kind: 'no-model',
            identifier: 'ffffffffff',
            modelId: 'ffffffffff',
            versionId: null,
            triedAsVersion: true,
          },
        ],
      });
    });

    it('does not try as a version the id of a model without versions', async () => {
      expect(await typed(M.drafts)).toMatchObject({
        kind: 'nothing-matched',
        unmatched: [{ kind: 'no-versions-yet' }],
      });
      const operations = await Promise.all(
        graphqlRequests.map(
          async (request) =>
            ((await request.clone().json()) as { operationName: string }).operationName,
        ),
      );
      expect(operations).toEqual(['ViewerResources', 'Model', 'ModelByName']);
    });
  });
});

import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEMO_TOKEN,
  PRIVATE_PROJECT_ID,
  PROFILE_ONLY_TOKEN,
  PUBLIC_ONLY_TOKEN,
  PUBLIC_PROJECT_ID,
} from '../../../demo/catalog';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../../demo/history';
import type { AnsweredBases } from '../../../src/api/client';
import type { GraphqlCall } from '../../../src/api/graphqlClient';
import { isGraphqlError, type GraphqlError } from '../../../src/api/graphqlError';
import {
  modelVersionsQuery,
  projectModelsQuery,
  serverIdentityQuery,
} from '../../../src/features/links/graphql/graphqlQueries';
import { shouldRetryAutomatically } from '../../../src/api/retryPolicy';
import { retryWaitsOf, type PendingRetry } from '../../../src/api/retryingQuery';
import {
  fetchLatestVersion,
  fetchModelByName,
  fetchModelVersions,
  fetchProjectModels,
  fetchServerIdentity,
  fetchVersion,
  resolveViewerResources,
} from '../../../src/features/links/graphql/speckleGraphql';
import {
  graphqlHandlers,
  graphqlRequests,
  graphqlStatus,
  noGraphql,
  olderServer,
} from '../../components/graphqlDouble';

const SERVER = 'https://speckle.test';
const server = setupServer(...graphqlHandlers(SERVER));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let answered: AnsweredBases;
beforeEach(() => {
  answered = new Set();
  graphqlRequests.length = 0;
});

function call(token = '', base = SERVER): GraphqlCall {
  return { access: { base, token }, answered };
}

async function failure(promise: Promise<unknown>): Promise<GraphqlError> {
  const error = await promise.then(
    () => new Error('expected the request to fail'),
    (caught: unknown) => caught,
  );
  if (!isGraphqlError(error)) throw error;
  return error;
}

describe('the GraphQL transport', () => {
  it('posts JSON to {server}/graphql with the token only in the Authorization header', async () => {
    await fetchServerIdentity(call(DEMO_TOKEN));
    await fetchServerIdentity(call());

    const [withToken, withoutToken] = graphqlRequests;
    expect(withToken?.method).toBe('POST');
    expect(withToken?.url).toBe(`${SERVER}/graphql`);
    expect(withToken?.headers.get('content-type')).toBe('application/json');
    expect(withToken?.headers.get('authorization')).toBe(`Bearer ${DEMO_TOKEN}`);
    expect(await withToken?.text()).toContain('"operationName":"ServerIdentity"');
    expect(withoutToken?.headers.has('authorization')).toBe(false);
    expect(graphqlRequests.every((request) => !request.url.includes(DEMO_TOKEN))).toBe(true);
  });

  it('finds GraphQL at the web address when the Server URL is the REST /api base', async () => {
    await fetchServerIdentity(call('', `${SERVER}/api`));

    expect(graphqlRequests[0]?.url).toBe(`${SERVER}/graphql`);
  });

  it('remembers that the server answered, so a later failed request is worth retrying', async () => {
    await fetchServerIdentity(call());
    server.use(http.post(`${SERVER}/graphql`, () => HttpResponse.error()));

    const error = await failure(fetchServerIdentity(call()));

    expect(error.kind).toBe('network');
    expect(error.isTransient).toBe(true);
  });

  it('reports a failed request to an address that never answered at once, not retried', async () => {
    server.use(http.post(`${SERVER}/graphql`, () => HttpResponse.error()));

    const error = await failure(fetchServerIdentity(call()));

    expect(error.kind).toBe('network');
    expect(error.isTransient).toBe(false);
    expect(error.message).toContain(`Could not reach ${SERVER}`);
  });

  it('says the request was cancelled when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();

    const error = await failure(fetchServerIdentity({ ...call(), signal: controller.signal }));

    expect(error.kind).toBe('cancelled');
  });
});

describe('resolving viewer resources', () => {
  it('resolves a model and a model@version in one request, and checks their project', async () => {
    const resolved = await resolveViewerResources(call(), {
      projectId: PUBLIC_PROJECT_ID,
      resourceIdString: `${DEMO_MODELS.revitFloor},${DEMO_MODELS.building}@${DEMO_VERSIONS.building10}`,
      modelIds: [DEMO_MODELS.revitFloor, DEMO_MODELS.building],
    });

    expect(graphqlRequests).toHaveLength(1);
    expect(resolved.groups).toEqual([
      {
        identifier: DEMO_MODELS.revitFloor,
        items: [
          {
            modelId: DEMO_MODELS.revitFloor,
            versionId: DEMO_VERSIONS.revitFloor,
            objectId: '551513ff4f3596024547fc818f1f3f70',
          },
        ],
      },
      {
        identifier: `${DEMO_MODELS.building}@${DEMO_VERSIONS.building10}`,
        items: [
          {
            modelId: DEMO_MODELS.building,
            versionId: DEMO_VERSIONS.building10,
            objectId: expect.stringMatching(/^[0-9a-f]{32}$/),
          },
        ],
      },
    ]);
    expect(resolved.projectModels.map((model) => model.id).sort()).toEqual(
      [DEMO_MODELS.building, DEMO_MODELS.revitFloor].sort(),
    );
  });

  it("leaves another project's model out of the project's models, though the server resolves it", async () => {
    const resolved = await resolveViewerResources(call(), {
      projectId: PUBLIC_PROJECT_ID,
      resourceIdString: DEMO_MODELS.tower,
      modelIds: [DEMO_MODELS.tower],
    });

    expect(resolved.groups).toHaveLength(1);
    expect(resolved.projectModels).toEqual([]);
  });

  it('says an older server does not know viewerResourcesExtended, so the caller can fall back', async () => {
    server.use(olderServer(SERVER));

    const error = await failure(
      resolveViewerResources(call(), {
        projectId: PUBLIC_PROJECT_ID,
        resourceIdString: DEMO_MODELS.building,
        modelIds: [DEMO_MODELS.building],
      }),
    );

    expect(error.kind).toBe('unsupported');
    expect(error.context.field).toBe('viewerResourcesExtended');
    expect(error.isTransient).toBe(false);
  });
});

describe('the fallback and legacy lookups', () => {
  it("finds a version's model, a model by name and the project's newest version", async () => {
    const version = await fetchVersion(call(), {
      projectId: PUBLIC_PROJECT_ID,
      versionId: DEMO_VERSIONS.building100,
    });
    const model = await fetchModelByName(call(), {
      projectId: PUBLIC_PROJECT_ID,
      name: 'real data/blender cube',
    });
    const latest = await fetchLatestVersion(call(DEMO_TOKEN), { projectId: PRIVATE_PROJECT_ID });

    expect(version).toMatchObject({
      id: DEMO_VERSIONS.building100,
      message: 'Second level and the doors',
      sourceApplication: 'revit',
      authorUser: { name: 'Alice' },
      model: { id: DEMO_MODELS.building, name: 'building' },
    });
    expect(model).toEqual({
      id: DEMO_MODELS.blenderCube,
      name: 'real data/blender cube',
      displayName: 'blender cube',
    });
    expect(latest).toMatchObject({ id: DEMO_VERSIONS.tower100000, model: { name: 'tower' } });
  });
});

describe('browsing', () => {
  it('reads a page of models with the project, newest first, and the cursor to go on', async () => {
    const { project, models } = await fetchProjectModels(call(), {
      projectId: PUBLIC_PROJECT_ID,
      limit: 2,
      cursor: null,
    });

    expect(project).toEqual({
      id: PUBLIC_PROJECT_ID,
      name: 'Demo public project',
      visibility: 'PUBLIC',
      role: null,
    });
    expect(models.totalCount).toBe(7);
    expect(models.items.map((model) => model.name)).toEqual(['drafts', 'generated/20 mb mesh']);
    expect(models.cursor).toBe(models.items[1]?.updatedAt);
  });

  it('stops after the page that brings the last model: no request for an empty page', async () => {
    const client = new QueryClient();
    const options = projectModelsQuery({
      origin: SERVER,
      access: { base: SERVER, token: '' },
      projectId: PUBLIC_PROJECT_ID,
    });

    const data = await client.fetchInfiniteQuery(options);
    const last = data.pages.at(-1)!;

    expect(last.models.items).toHaveLength(7);
    expect(last.models.cursor).not.toBeNull();
    expect(options.getNextPageParam(last, data.pages, null, [null])).toBeUndefined();
    expect(graphqlRequests).toHaveLength(1);
  });

  it("pages a model's versions by cursor, newest first", async () => {
    const first = await fetchModelVersions(call(), {
      projectId: PUBLIC_PROJECT_ID,
      modelId: DEMO_MODELS.building,
      limit: 2,
      cursor: null,
    });
    const second = await fetchModelVersions(call(), {
      projectId: PUBLIC_PROJECT_ID,
      modelId: DEMO_MODELS.building,
      limit: 2,
      cursor: first.versions.cursor,
    });

    expect(first.model).toEqual({
      id: DEMO_MODELS.building,
      name: 'building',
      displayName: 'building',
    });
    expect(
      [...first.versions.items, ...second.versions.items].map((version) => version.id),
    ).toEqual([
      DEMO_VERSIONS.building1000Changed,
      DEMO_VERSIONS.building1000,
      DEMO_VERSIONS.building100,
      DEMO_VERSIONS.building10,
    ]);
  });

  it('asks for the next page of versions with the cursor of the last one', async () => {
    const client = new QueryClient();
    const options = modelVersionsQuery({
      origin: SERVER,
      access: { base: SERVER, token: '' },
      projectId: PUBLIC_PROJECT_ID,
      modelId: DEMO_MODELS.building,
    });

    const data = await client.fetchInfiniteQuery(options);
    const last = data.pages.at(-1)!;

    expect(last.versions.items).toHaveLength(5);
    expect(options.getNextPageParam(last, data.pages, null, [null])).toBeUndefined();
  });
});

describe('who is this token', () => {
  it.each([
    ['no token', '', null, 'no-token'],
    [
      'a token with profile:read',
      DEMO_TOKEN,
      { id: 'abe5f318e3', name: 'Alice', email: null },
      null,
    ],
    ['a read-only token', PUBLIC_ONLY_TOKEN, null, 'no-profile-scope'],
  ])('names the server and, for %s, the account', async (_, token, user, because) => {
    const identity = await fetchServerIdentity(call(token));

    expect(identity).toEqual({
      server: { name: 'Speckle Object Explorer demo server', version: 'dev', canonicalUrl: null },
      user,
      userUnknownBecause: because,
    });
  });
});

describe('a token without streams:read', () => {
  it('asks without any token whether the project opens without one, and says it does', async () => {
    const error = await failure(
      fetchProjectModels(call(PROFILE_ONLY_TOKEN), {
        projectId: PUBLIC_PROJECT_ID,
        limit: 1,
        cursor: null,
      }),
    );

    expect(error.context).toMatchObject({ scope: 'streams:read', opensWithoutToken: true });
    const [refused, asked] = graphqlRequests;
    expect(refused?.headers.get('authorization')).toBe(`Bearer ${PROFILE_ONLY_TOKEN}`);
    expect(asked?.headers.get('authorization')).toBeNull();
    expect(((await asked!.json()) as { operationName: string }).operationName).toBe(
      'ProjectReadable',
    );
    expect(graphqlRequests).toHaveLength(2);
  });

  it('does not say a private project opens without a token', async () => {
    const error = await failure(
      fetchProjectModels(call(PROFILE_ONLY_TOKEN), {
        projectId: PRIVATE_PROJECT_ID,
        limit: 1,
        cursor: null,
      }),
    );

    expect(error.kind).toBe('missing-scope');
    expect(error.context.opensWithoutToken).toBeUndefined();
  });
});

describe('every refusal has its own error', () => {
  const projectModels = (token: string, projectId: string) =>
    fetchProjectModels(call(token), { projectId, limit: 1, cursor: null });

  it.each([
    ['an unknown project', '', 'ffffffffff', 'project-not-found', /There is no project ffffffffff/],
    [
      'a private project, no token',
      '',
      PRIVATE_PROJECT_ID,
      'not-logged-in',
      /is private: enter an access token/,
    ],
    [
      'a private project, no role',
      PUBLIC_ONLY_TOKEN,
      PRIVATE_PROJECT_ID,
      'no-access',
      /has no role on project/,
    ],
    [
      'a token without streams:read, on a public project',
      PROFILE_ONLY_TOKEN,
      PUBLIC_PROJECT_ID,
      'missing-scope',
      new RegExp(
        `^Your token does not have the streams:read scope, which Speckle's GraphQL API needs to read any project, even a public one .*Project ${PUBLIC_PROJECT_ID} is public: it opens without a token. Open it without the token, or create a token with streams:read`,
      ),
    ],
    [
      'a token without streams:read, on a private project',
      PROFILE_ONLY_TOKEN,
      PRIVATE_PROJECT_ID,
      'missing-scope',
      /^Your token does not have the streams:read scope\. Create a token with streams:read/,
    ],
  ])('%s', async (_, token, projectId, kind, message) => {
    const error = await failure(projectModels(token, projectId));

    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(DEMO_TOKEN);
  });

  it('a model that is not there', async () => {
    const error = await failure(
      fetchModelVersions(call(), {
        projectId: PUBLIC_PROJECT_ID,
        modelId: 'ffffffffff',
        limit: 1,
        cursor: null,
      }),
    );

    expect(error.kind).toBe('model-not-found');
    expect(error.message).toContain(`project ${PUBLIC_PROJECT_ID}`);
  });

  it('a version of another project', async () => {
    const error = await failure(
      fetchVersion(call(), { projectId: PUBLIC_PROJECT_ID, versionId: DEMO_VERSIONS.tower1000 }),
    );

    expect(error.kind).toBe('version-not-found');
  });

  it('an invalid token (403 plain JSON)', async () => {
    const error = await failure(fetchServerIdentity(call('0'.repeat(42))));

    expect(error.kind).toBe('invalid-token');
    expect(error.context.status).toBe(403);
  });

  it('a rate limit (429), retried by the same policy as REST', async () => {
    server.use(graphqlStatus(SERVER, 429));

    const error = await failure(fetchServerIdentity(call()));

    expect(error.kind).toBe('rate-limited');
    expect(shouldRetryAutomatically(0, error)).toBe(true);
    expect(shouldRetryAutomatically(3, error)).toBe(false);
  });

  it('a rate limit that passes: the query options retry by themselves', async () => {
    server.use(graphqlStatus(SERVER, 429));
    const client = new QueryClient();
    const options = serverIdentityQuery({ origin: SERVER, access: { base: SERVER, token: '' } });

    const waits = retryWaitsOf(client);
    const waiting = new Promise<PendingRetry | undefined>((resolve) =>
      waits.subscribe(() => resolve(waits.get(options.queryKey))),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetching = client.fetchQuery(options);
      const wait = await waiting;
      expect(wait).toMatchObject({ attempt: 1, of: 3, delayMs: 1000 });
      expect(wait?.error.kind).toBe('rate-limited');
      await vi.advanceTimersByTimeAsync(1000);
      const identity = await fetching;

      expect(identity.server.name).toBe('Speckle Object Explorer demo server');
      expect(graphqlRequests).toHaveLength(2);
      expect(waits.get(options.queryKey)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a gateway's 502 page, transient", async () => {
    server.use(graphqlStatus(SERVER, 502));

    const error = await failure(fetchServerIdentity(call()));

    expect(error.kind).toBe('server-error');
    expect(error.isTransient).toBe(true);
  });

  it("an error this app did not expect, with the server's message and code", async () => {
    const error = await failure(
      fetchModelVersions(call(), {
        projectId: PUBLIC_PROJECT_ID,
        modelId: DEMO_MODELS.building,
        limit: 101,
        cursor: null,
      }),
    );

    expect(error.kind).toBe('graphql-error');
    expect(error.message).toBe(
      'The server refused the request: “Cannot return more than 100 items, please use pagination.” (BAD_REQUEST_ERROR).',
    );
  });

  it('a server without GraphQL', async () => {
    server.use(noGraphql(SERVER));

    const error = await failure(fetchServerIdentity(call()));

    expect(error.kind).toBe('no-graphql');
    expect(error.message).toMatch(
      /has no Speckle GraphQL API \(404\).*Object ids and links to objects still work/,
    );
  });
});

describe('a redirect', () => {
  it('is not followed by a request carrying the token, and the error names where it led', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post(`${SERVER}/graphql`, ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return new HttpResponse(null, {
          status: 307,
          headers: { Location: 'https://other.test/graphql' },
        });
      }),
      http.post('https://other.test/graphql', ({ request }) => {
        seen.push(`followed with ${request.headers.get('Authorization')}`);
        return HttpResponse.json({ data: { serverInfo: null } });
      }),
    );

    const error = await failure(fetchServerIdentity(call(DEMO_TOKEN)));

    expect(seen).toEqual([`Bearer ${DEMO_TOKEN}`]);
    expect(error.kind).toBe('redirected');
    expect(error.message).toContain(
      'redirected the request to https://other.test, and the token was not sent on',
    );
  });
});

/**
 * Any answer a GraphQL endpoint may send (not JSON, wrong types, `data: null` without errors,
 * missing fields, odd `errors` entries, huge lists, endless pages) ends in a value of the promised
 * shape or one GraphqlError: never a TypeError, never a call that does not settle.
 */
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_ITEMS } from '../../../../../src/api/answerShape';
import type { GraphqlCall } from '../../../../../src/api/graphqlClient';
import { isGraphqlError } from '../../../../../src/api/graphqlError';
import {
  fetchLatestVersion,
  fetchModel,
  fetchModelByName,
  fetchModelVersions,
  fetchProjectModels,
  fetchServerIdentity,
  fetchVersion,
  fetchVersionRootsPage,
  resolveViewerResources,
} from '../../../../../src/features/links/graphql/speckleGraphql';
import { fetchVersionNeighbours } from '../../../../../src/features/links/graphql/versionNeighbours';

const SERVER = 'https://speckle.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const call = (): GraphqlCall => ({ access: { base: SERVER, token: 'token' }, answered: new Set() });
const ids = { projectId: 'p123456789', modelId: 'm123456789', versionId: 'v123456789' };
const version = {
  id: 'v123456789',
  message: 'm',
  referencedObject: 'o'.repeat(32),
  createdAt: '2024-01-01T00:00:00.000Z',
  sourceApplication: null,
  authorUser: { id: 'u', name: 'U', avatar: null },
};
const modelRef = { id: 'm123456789', name: 'a/b', displayName: 'b' };
const page = (items: unknown[]) => ({ totalCount: items.length, cursor: null, items });

/** Each query with an answer of the right shape. */
const QUERIES: [string, () => Promise<unknown>, unknown][] = [
  [
    'ViewerResources',
    () => resolveViewerResources(call(), { ...ids, resourceIdString: 'm', modelIds: ['m'] }),
    {
      project: {
        viewerResourcesExtended: {
          groups: [{ identifier: 'm', items: [{ modelId: 'm', versionId: 'v', objectId: 'o' }] }],
          resourceIdString: 'm',
        },
        models: { items: [modelRef] },
      },
    },
  ],
  [
    'ProjectModels',
    () => fetchProjectModels(call(), { ...ids, limit: 50, cursor: null }),
    {
      project: {
        id: 'p',
        name: 'P',
        visibility: 'PUBLIC',
        role: null,
        models: page([{ ...modelRef, updatedAt: 'd', versions: page([version]) }]),
      },
    },
  ],
  [
    'ModelVersions',
    () => fetchModelVersions(call(), { ...ids, limit: 50, cursor: null }),
    { project: { model: { ...modelRef, versions: page([version]) } } },
  ],
  [
    'VersionRootsPage',
    () => fetchVersionRootsPage(call(), { ...ids, limit: 100, cursor: null }),
    { project: { model: { versions: page([{ id: 'v', referencedObject: null }]) } } },
  ],
  [
    'Version',
    () => fetchVersion(call(), ids),
    { project: { version: { ...version, model: { id: 'm', name: 'a' } } } },
  ],
  ['Model', () => fetchModel(call(), ids), { project: { model: modelRef } }],
  [
    'ModelByName',
    () => fetchModelByName(call(), { ...ids, name: 'a/b' }),
    { project: { modelByName: modelRef } },
  ],
  [
    'LatestVersion',
    () => fetchLatestVersion(call(), ids),
    { project: { versions: page([{ ...version, model: { id: 'm', name: 'a' } }]) } },
  ],
  [
    'ServerIdentity',
    () => fetchServerIdentity(call()),
    {
      serverInfo: { name: 'S', version: '2', canonicalUrl: null },
      activeUser: { id: 'u', name: 'U', email: null },
    },
  ],
];

function answerWith(body: string) {
  server.use(
    http.post(`${SERVER}/graphql`, () =>
      HttpResponse.text(body, { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

/** Resolves to 'value' or to the GraphqlError's kind; anything else thrown fails the test. */
async function outcome(query: () => Promise<unknown>): Promise<string> {
  try {
    await query();
    return 'value';
  } catch (error) {
    if (isGraphqlError(error)) return error.kind;
    throw error;
  }
}

/** Every path to a value inside `value`, as keys and indices. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (by === undefined) delete at[last];
  else at[last] = by;
  return copy;
}

const ODD_VALUES = fc.constantFrom<unknown>(
  undefined,
  null,
  0,
  -1,
  1.5,
  '',
  'x',
  true,
  [],
  {},
  [null],
  { a: 1 },
);

describe('a malformed GraphQL answer', () => {
  it.each(QUERIES)('%s: a right answer reads', async (_, query, data) => {
    answerWith(JSON.stringify({ data }));
    expect(await outcome(query)).toBe('value');
  });

  it.each(QUERIES)(
    '%s: any field changed or missing: the value, or a bad response',
    async (_, query, data) => {
      const paths = pathsOf(data);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), ODD_VALUES, async (path, by) => {
          answerWith(JSON.stringify({ data: replaced(data, path, by) }));
          expect(['value', 'bad-response']).toContain(await outcome(query));
        }),
        { numRuns: 60 },
      );
    },
  );

  it.each(QUERIES)('%s: any body at all: a value or a GraphqlError', async (_, query) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.jsonValue().map((value) => JSON.stringify({ data: value })),
          fc.jsonValue().map((value) => JSON.stringify({ data: null, errors: value })),
          fc.array(fc.jsonValue()).map((errors) => JSON.stringify({ data: null, errors })),
        ),
        async (body) => {
          answerWith(body);
          expect(await outcome(query)).toMatch(/^[a-z-]+$/);
        },
      ),
      { numRuns: 60 },
    );
  });

  // Found by the property above: `String` of an object whose `toString` is not a function throws.
  it.each([
    '{"data":null,"errors":[[{"toString":0}]]}',
    '{"data":null,"errors":[{"message":{"toString":0}}]}',
  ])('reads an error entry that cannot be made text the usual way: %s', async (body) => {
    answerWith(body);
    expect(await outcome(QUERIES[0]![1])).toMatch(/^[a-z-]+$/);
  });

  it('says which field is wrong, and refuses a list far longer than any page', async () => {
    answerWith(JSON.stringify({ data: { project: { model: { ...modelRef, name: 7 } } } }));
    await expect(fetchModel(call(), ids)).rejects.toThrow(/project\.model\.name is not text/);

    const many = Array.from({ length: MAX_LIST_ITEMS + 1 }, () => version);
    answerWith(
      JSON.stringify({ data: { project: { model: { ...modelRef, versions: page(many) } } } }),
    );
    await expect(fetchModelVersions(call(), { ...ids, limit: 50, cursor: null })).rejects.toThrow(
      /more than 1000/,
    );
  });

  it('data: null without errors is a bad response', async () => {
    answerWith(JSON.stringify({ data: null }));
    expect(await outcome(() => fetchModel(call(), ids))).toBe('bad-response');
  });

  it('pages of versions that come back to an earlier page end, with a bad response', async () => {
    // Each page has one other version, and the same cursor: never the version asked for.
    let served = 0;
    server.use(
      http.post(`${SERVER}/graphql`, () => {
        served += 1;
        const items = [{ id: `other${served}`, referencedObject: null }];
        return HttpResponse.json({
          data: { project: { model: { versions: { totalCount: 1e9, cursor: 'again', items } } } },
        });
      }),
    );
    expect(await outcome(() => fetchVersionNeighbours(call(), ids))).toBe('bad-response');
    expect(served).toBe(2);
  });
});

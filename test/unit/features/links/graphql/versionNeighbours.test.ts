import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, GENERATED_ROOT_IDS, LARGE_PROJECT_ID } from '../../../../../demo/catalog';
import { LONG_HISTORY_MODEL, LONG_HISTORY_VERSIONS } from '../../../../../demo/history';
import { fetchVersionNeighbours } from '../../../../../src/features/links/graphql/versionNeighbours';
import { reachesPast, versionNeighbours } from '../../../../../src/speckle/links/versionNeighbours';
import { graphqlHandlers, graphqlRequests } from '../../../../components/graphqlDouble';

const NEWEST_FIRST = [
  { versionId: 'v3', objectId: 'c' },
  { versionId: 'v2', objectId: 'b' },
  { versionId: 'v1', objectId: null },
];

describe('versionNeighbours', () => {
  it('finds the older and newer version, newest first', () => {
    expect(versionNeighbours(NEWEST_FIRST, 'v2')).toEqual({
      older: { versionId: 'v1', objectId: null },
      newer: { versionId: 'v3', objectId: 'c' },
    });
  });

  it('has no newer for the newest and no older for the first', () => {
    expect(versionNeighbours(NEWEST_FIRST, 'v3')?.newer).toBeNull();
    expect(versionNeighbours(NEWEST_FIRST, 'v1')?.older).toBeNull();
  });

  it('says nothing of a version not in the list', () => {
    expect(versionNeighbours(NEWEST_FIRST, 'v9')).toBeNull();
  });
});

describe('reachesPast', () => {
  it('is true once the version and the one before it are in', () => {
    expect(reachesPast(NEWEST_FIRST.slice(0, 1), 'v3')).toBe(false);
    expect(reachesPast(NEWEST_FIRST.slice(0, 2), 'v3')).toBe(true);
    expect(reachesPast(NEWEST_FIRST, 'v1')).toBe(false);
    expect(reachesPast(NEWEST_FIRST, 'v9')).toBe(false);
  });
});

describe('fetchVersionNeighbours, on a model with a long history', () => {
  const SERVER = 'https://speckle.test';
  const server = setupServer(...graphqlHandlers(SERVER));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    graphqlRequests.length = 0;
  });

  // The long history's version n (from 0, oldest first) and its root.
  const versionId = (n: number) => `1a7e5e${n.toString(16).padStart(4, '0')}`;
  const ref = (n: number) => ({
    versionId: versionId(n),
    objectId: GENERATED_ROOT_IDS['public-10'],
  });

  // Newest first, version n is at 999 - n: its older neighbour is on the next page when it ends one.
  it.each([
    [999, 1, null],
    [900, 2, 901],
    [899, 2, 900],
    [499, 6, 500],
    [0, 10, 1],
  ])('finds the neighbours of version %i with %i pages of 100', async (n, pages, newer) => {
    const neighbours = await fetchVersionNeighbours(
      { access: { base: SERVER, token: DEMO_TOKEN }, answered: new Set() },
      { projectId: LARGE_PROJECT_ID, modelId: LONG_HISTORY_MODEL, versionId: versionId(n) },
    );

    expect(neighbours).toEqual({
      older: n === 0 ? null : ref(n - 1),
      newer: newer === null ? null : ref(newer),
    });
    expect(graphqlRequests).toHaveLength(pages);
  });

  it('says nothing of a version the model does not have, after reading its whole history', async () => {
    const neighbours = await fetchVersionNeighbours(
      { access: { base: SERVER, token: DEMO_TOKEN }, answered: new Set() },
      { projectId: LARGE_PROJECT_ID, modelId: LONG_HISTORY_MODEL, versionId: 'ffffffffff' },
    );

    expect(neighbours).toBeNull();
    expect(graphqlRequests).toHaveLength(LONG_HISTORY_VERSIONS / 100);
  });
});

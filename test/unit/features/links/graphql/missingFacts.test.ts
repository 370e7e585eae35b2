import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, PRIVATE_PROJECT_ID, PUBLIC_PROJECT_ID } from '../../../../../demo/catalog';
import { DEMO_MODELS } from '../../../../../demo/history';
import { isGraphqlError } from '../../../../../src/api/graphqlError';
import { fetchModelOwnership } from '../../../../../src/features/links/graphql/missingFacts';
import { graphqlHandlers } from '../../../../components/graphqlDouble';

const SERVER = 'https://speckle.test';
const server = setupServer(...graphqlHandlers(SERVER));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function ownership(projectId: string, modelId: string, token = DEMO_TOKEN) {
  return fetchModelOwnership(
    { access: { base: SERVER, token }, answered: new Set() },
    projectId,
    modelId,
  );
}

describe('fetchModelOwnership', () => {
  it('finds a model of the project, one without versions too', async () => {
    expect(await ownership(PUBLIC_PROJECT_ID, DEMO_MODELS.building)).toEqual({
      kind: 'this-project',
      model: { id: DEMO_MODELS.building, name: 'building', displayName: 'building' },
    });
    expect(await ownership(PUBLIC_PROJECT_ID, DEMO_MODELS.drafts)).toMatchObject({
      kind: 'this-project',
    });
  });

  // `model(id)` answers another project's model, even a private one (shared/speckle-graphql.md).
  it("tells another project's model from a model that does not exist", async () => {
    expect(await ownership(PUBLIC_PROJECT_ID, DEMO_MODELS.tower)).toEqual({
      kind: 'other-project',
    });
    expect(await ownership(PUBLIC_PROJECT_ID, 'ffffffffff')).toEqual({ kind: 'none' });
  });

  it("passes on any other refusal, such as the project's", async () => {
    const error: unknown = await ownership(PRIVATE_PROJECT_ID, DEMO_MODELS.tower, '').catch(
      (caught: unknown) => caught,
    );

    expect(isGraphqlError(error) && error.kind).toBe('not-logged-in');
  });
});

import { describe, expect, it } from 'vitest';
import {
  GraphqlError,
  graphqlFieldsToFix,
  type GraphqlErrorKind,
} from '../../../src/api/graphqlError';

const context = { base: 'https://speckle.test', hadToken: true, projectId: 'a7b649a290' };

describe('the fields a GraphQL refusal puts in doubt', () => {
  it.each<[GraphqlErrorKind, string[]]>([
    ['invalid-token', ['Access token']],
    ['missing-scope', ['Access token']],
    ['not-logged-in', ['Access token']],
    ['no-access', ['Access token', 'Project ID']],
    ['project-not-found', ['Project ID']],
    ['rate-limited', []],
    ['version-not-found', []],
  ])('%s: %j', (kind, fields) => {
    expect(graphqlFieldsToFix(new GraphqlError(kind, context))).toEqual(fields);
  });

  it('doubts the server URL of a failed request only where the server never answered', () => {
    expect(graphqlFieldsToFix(new GraphqlError('network', context))).toEqual(['Server URL']);
    expect(
      graphqlFieldsToFix(new GraphqlError('network', { ...context, answeredBefore: true })),
    ).toEqual([]);
  });
});

describe('a token without streams:read', () => {
  it('says the scope is missing, that the public project opens without a token, and how', () => {
    const error = new GraphqlError('missing-scope', {
      ...context,
      scope: 'streams:read',
      opensWithoutToken: true,
    });
    expect(error.message).toBe(
      "Your token does not have the streams:read scope, which Speckle's GraphQL API needs to read any project, even a public one (the objects load with it all the same). Project a7b649a290 is public: it opens without a token. Open it without the token, or create a token with streams:read in your Speckle profile (Settings → Developer → Access tokens).",
    );
  });

  it('says only that the scope is missing when the project does not open without a token', () => {
    const error = new GraphqlError('missing-scope', { ...context, scope: 'streams:read' });
    expect(error.message).toBe(
      'Your token does not have the streams:read scope. Create a token with streams:read in your Speckle profile (Settings → Developer → Access tokens).',
    );
  });
});

describe('a GraphQL wait cancelled', () => {
  it('says it was cancelled and what the server had answered', () => {
    const error = new GraphqlError('cancelled', {
      ...context,
      status: 429,
      waitedFor: 'The server is limiting how fast this token may make requests (429).',
    });
    expect(error.message).toBe(
      'Cancelled: nothing more was asked of https://speckle.test, which had answered 429. The server is limiting how fast this token may make requests (429).',
    );
  });
});

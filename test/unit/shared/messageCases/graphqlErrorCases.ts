/** The GraphQL client's errors (src/api/graphqlError.ts), and the notes that quote them. */
import {
  GraphqlError,
  type GraphqlErrorContext,
  type GraphqlErrorKind,
} from '../../../../src/api/graphqlError';
import { identityFailureText } from '../../../../src/features/connection/serverIdentityText';
import { BASE, MODEL, PROJECT, VERSION, type MessageCase } from './messageCase';

const GRAPHQL: GraphqlErrorContext = { base: BASE, hadToken: true, projectId: PROJECT };

function graphql(kind: GraphqlErrorKind, change: Partial<GraphqlErrorContext> = {}): string {
  return new GraphqlError(kind, { ...GRAPHQL, ...change }).message;
}

export const GRAPHQL_CASES: Record<GraphqlErrorKind, MessageCase[]> = {
  'project-not-found': [
    {
      name: 'no such project',
      expected:
        'There is no project 0123456789 on https://speckle.example/api. Check the project id: it is the 10 characters after /projects/ in a Speckle link.',
      message: graphql('project-not-found'),
      names: [PROJECT, BASE],
    },
  ],
  'not-logged-in': [
    {
      name: 'a private project without token',
      expected:
        'Project 0123456789 is private: enter an access token for https://speckle.example/api whose account has a role on it.',
      message: graphql('not-logged-in', { hadToken: false }),
      names: [PROJECT, BASE],
    },
  ],
  'no-access': [
    {
      name: 'no role',
      expected:
        "Your token's account has no role on project 0123456789, which is private. Ask the project's owner for access, or use a token of an account that has it.",
      message: graphql('no-access'),
      names: [PROJECT],
    },
  ],
  'missing-scope': [
    {
      name: 'a named scope',
      expected:
        'Your token does not have the streams:read scope. Create a token with streams:read in your Speckle profile (Settings → Developer → Access tokens).',
      message: graphql('missing-scope', { scope: 'streams:read' }),
      names: ['streams:read'],
    },
    {
      name: 'an unnamed scope',
      expected:
        'Your token does not have the required scope. Create a token with that scope in your Speckle profile (Settings → Developer → Access tokens).',
      message: graphql('missing-scope'),
      names: [],
    },
    {
      name: 'a public project',
      expected:
        "Your token does not have the streams:read scope, which Speckle's GraphQL API needs to read any project, even a public one (the objects load with it all the same). Project 0123456789 is public: it opens without a token. Open it without the token, or create a token with streams:read in your Speckle profile (Settings → Developer → Access tokens).",
      message: graphql('missing-scope', { scope: 'streams:read', opensWithoutToken: true }),
      names: ['streams:read', PROJECT],
    },
  ],
  'model-not-found': [
    {
      name: 'no such model',
      expected:
        'There is no model abcdef0123 in project 0123456789. Check the link: the model may have been deleted.',
      message: graphql('model-not-found', { modelId: MODEL }),
      names: [MODEL, PROJECT],
    },
  ],
  'version-not-found': [
    {
      name: 'in a model',
      expected:
        'There is no version fedcba9876 in project 0123456789 under model abcdef0123. Check the link: the version may have been deleted or belong to another model.',
      message: graphql('version-not-found', { versionId: VERSION, modelId: MODEL }),
      names: [VERSION, MODEL, PROJECT],
    },
    {
      name: 'alone',
      expected:
        'There is no version fedcba9876 in project 0123456789. Check the link: the version may have been deleted or belong to another model.',
      message: graphql('version-not-found', { versionId: VERSION }),
      names: [VERSION, PROJECT],
    },
  ],
  'invalid-token': [
    {
      name: 'a token the server rejects',
      expected:
        'The server rejected the access token as not valid (403). It may be mistyped, revoked or expired. Create a new personal access token in your Speckle profile (Settings → Developer → Access tokens) and paste it here.',
      message: graphql('invalid-token', { status: 403 }),
      names: ['403'],
    },
  ],
  'rate-limited': [
    {
      name: 'a rate limit',
      expected:
        'The server is limiting how fast this token may make requests (429). Wait a moment, then retry.',
      message: graphql('rate-limited', { status: 429 }),
      names: ['429'],
    },
  ],
  unsupported: [
    {
      name: 'an older server',
      expected:
        'https://speckle.example/api runs an older Speckle server that does not know “viewerResourcesExtended”.',
      message: graphql('unsupported', { field: 'viewerResourcesExtended' }),
      names: [BASE, 'viewerResourcesExtended'],
    },
  ],
  redirected: [
    {
      name: 'to a known address',
      expected:
        'https://speckle.example/api redirected the request to https://other.example, and the token was not sent on. If you trust https://other.example, enter it as the server address.',
      message: graphql('redirected', { redirectedTo: 'https://other.example' }),
      names: [BASE, 'https://other.example'],
    },
  ],
  'no-graphql': [
    {
      name: 'no GraphQL',
      expected:
        'https://speckle.example/api has no Speckle GraphQL API (404), so links to models and versions cannot be resolved there. Object ids and links to objects still work.',
      message: graphql('no-graphql', { status: 404 }),
      names: [BASE, '404'],
    },
  ],
  'graphql-error': [
    {
      name: 'an unexpected refusal',
      expected: 'The server refused the request: “Nope” (ODD_CODE).',
      message: graphql('graphql-error', { serverText: 'Nope', code: 'ODD_CODE' }),
      names: ['Nope', 'ODD_CODE'],
    },
  ],
  'server-error': [
    {
      name: 'a gateway',
      expected:
        'A proxy or gateway in front of the server answered 502: the Speckle server behind it is down, overloaded or restarting. Retry in a minute.',
      message: graphql('server-error', { status: 502 }),
      names: ['502'],
    },
    {
      name: 'the server itself',
      expected:
        "The server failed while answering (500): “boom”. Retry later or tell the server's administrator.",
      message: graphql('server-error', { status: 500, serverText: 'boom' }),
      names: ['500', 'boom'],
    },
  ],
  network: [
    {
      name: 'never answered',
      expected:
        'Could not reach https://speckle.example/api. The address may be wrong, you may be offline, or the browser blocked the request.',
      message: graphql('network'),
      names: [BASE],
    },
    {
      name: 'answered before',
      expected:
        'Could not reach https://speckle.example/api, which answered earlier: the connection or a proxy in front of the server failed. Retry in a minute.',
      message: graphql('network', { answeredBefore: true }),
      names: [BASE],
    },
  ],
  'bad-response': [
    {
      name: 'unreadable',
      expected: 'https://speckle.example/api sent a GraphQL answer this app cannot read (“odd”).',
      message: graphql('bad-response', { serverText: 'odd' }),
      names: [BASE, 'odd'],
    },
  ],
  cancelled: [
    {
      name: 'cancelled',
      expected: 'The request was cancelled.',
      message: graphql('cancelled'),
      names: [],
    },
    {
      name: 'while waiting to retry',
      expected:
        'Cancelled: nothing more was asked of https://speckle.example/api, which had answered 429. The server is limiting how fast this token may make requests (429). Wait a moment, then retry.',
      message: graphql('cancelled', {
        status: 429,
        waitedFor: new GraphqlError('rate-limited', { ...GRAPHQL, status: 429 }).message,
      }),
      names: [BASE, '429'],
    },
  ],
};

/** "Who is this token?" when the server refuses to say: its words, then the refusal's. */
export const GRAPHQL_NOTICE_CASES: MessageCase[] = [
  {
    name: 'who is this token, refused',
    expected:
      'Could not ask who this token is. The server rejected the access token as not valid (403). It may be mistyped, revoked or expired. Create a new personal access token in your Speckle profile (Settings → Developer → Access tokens) and paste it here.',
    message: identityFailureText(new GraphqlError('invalid-token', { ...GRAPHQL, status: 403 })),
    names: ['403'],
  },
];

/** The REST client's errors (src/api/apiError.ts), and the notices that quote them. */
import {
  ApiError,
  retryReason,
  type ApiErrorContext,
  type ApiErrorKind,
} from '../../../../src/api/apiError';
import { storageFullMessage } from '../../../../src/objects/spill/storageNotes';
import { ceilingMessage, DEFAULT_CEILINGS } from '../../../../src/objects/load/loadCeilings';
import { BASE, OBJECT, PROJECT, type MessageCase } from './messageCase';

const REST: ApiErrorContext = { base: BASE, projectId: PROJECT, objectId: OBJECT, hadToken: true };

function rest(kind: ApiErrorKind, change: Partial<ApiErrorContext> = {}): string {
  return new ApiError(kind, { ...REST, ...change }).message;
}

export const REST_CASES: Record<ApiErrorKind, MessageCase[]> = {
  'invalid-token': [
    {
      name: 'a token the server rejects',
      expected:
        'The server rejected the access token as not valid (403). It may be mistyped, revoked or expired. Create a new personal access token in your Speckle profile (Settings → Developer → Access tokens) and paste it here.',
      message: rest('invalid-token'),
      names: ['403'],
    },
  ],
  'no-access': [
    {
      name: 'with a token',
      expected:
        "Your token cannot read project 0123456789 (401). The project is private and the token's account has no role on it, or the token lacks the streams:read scope, or the project does not exist. Check the project id, ask the project owner for access, or use a token with the streams:read scope.",
      message: rest('no-access'),
      names: [PROJECT, '401'],
    },
    {
      name: 'without a token',
      expected:
        'Project 0123456789 needs a token (401): it is private or does not exist. Enter an access token for https://speckle.example/api.',
      message: rest('no-access', { hadToken: false }),
      names: [PROJECT, '401', BASE],
    },
  ],
  'project-not-found': [
    {
      name: 'no such project',
      expected:
        'There is no project 0123456789 on https://speckle.example/api (404). Check the project id: it is the 10 characters after /projects/ in a Speckle link.',
      message: rest('project-not-found'),
      names: [PROJECT, BASE, '404'],
    },
  ],
  'object-not-found': [
    {
      name: 'no such object',
      expected:
        'Object 0123456789abcdef0123456789abcdef is not in project 0123456789 (404: "Failed to find object."). Objects belong to the project they were sent to: check both ids, and that this is an object id (32 characters), not a model or version id.',
      message: rest('object-not-found'),
      names: [OBJECT, PROJECT, '404'],
    },
  ],
  'rate-limited': [
    {
      name: 'a rate limit',
      expected:
        'The server is limiting how fast this token may make requests (429). Wait a moment, then retry.',
      message: rest('rate-limited'),
      names: ['429'],
    },
  ],
  'server-error': [
    {
      name: 'a gateway',
      expected:
        'A proxy or gateway in front of the server answered 503: the Speckle server behind it is down, overloaded or restarting. The address is right; retry in a minute.',
      message: rest('server-error', { status: 503 }),
      names: ['503'],
    },
    {
      name: 'the server itself',
      expected:
        'The server failed while answering (500). This is a problem on the server\'s side ("boom"); retry later or tell the server\'s administrator.',
      message: rest('server-error', { status: 500, serverText: 'boom' }),
      names: ['500', 'boom'],
    },
    {
      name: 'no status',
      expected:
        "The server failed while answering (5xx). This is a problem on the server's side; retry later or tell the server's administrator.",
      message: rest('server-error'),
      names: ['5xx'],
    },
  ],
  network: [
    {
      name: 'never answered',
      expected:
        'Could not reach https://speckle.example/api. Possible causes: you are offline; the server address is wrong; the server or a proxy in front of it failed (502, 503 and 504 pages reach the browser as a failed request); or the browser blocked the request (an http server from an https page, or a server that does not allow this site).',
      message: rest('network'),
      names: [BASE],
    },
    {
      name: 'answered before',
      expected:
        'Could not reach https://speckle.example/api, which answered earlier, so the address is right. The connection failed, or the server or a proxy in front of it did (502, 503 and 504 pages reach the browser as a failed request); retry in a minute.',
      message: rest('network', { answeredBefore: true }),
      names: [BASE],
    },
  ],
  'not-speckle': [
    {
      name: 'a web page',
      expected:
        "https://speckle.example/api answered with a web page instead of Speckle data (200): this address is not a Speckle server's API, so the server URL is wrong, not the ids. Use the address you open Speckle at, such as https://app.speckle.systems.",
      message: rest('not-speckle', { status: 200 }),
      names: [BASE, '200'],
    },
    {
      name: 'no ping',
      expected:
        "https://speckle.example/api answered 404 and does not answer Speckle's ping: this address is not a Speckle server's API, so the server URL is wrong, not the ids. Use the address you open Speckle at, such as https://app.speckle.systems.",
      message: rest('not-speckle', { status: 404, failedPing: true }),
      names: [BASE, '404'],
    },
  ],
  redirected: [
    {
      name: 'to a known address',
      expected:
        'https://speckle.example/api redirected the request to https://other.example, and the token was not sent on. If you trust https://other.example, enter it as the server address.',
      message: rest('redirected', { redirectedTo: 'https://other.example' }),
      names: [BASE, 'https://other.example'],
    },
    {
      name: 'to an address the browser hides',
      expected:
        "https://speckle.example/api redirected the request elsewhere, and the token was not sent on; the browser does not say where. Enter the server's final address, the one you open Speckle at, as the server address.",
      message: rest('redirected'),
      names: [BASE],
    },
  ],
  'bad-response': [
    {
      name: 'with text',
      expected: 'https://speckle.example/api sent an answer this app cannot read ("odd").',
      message: rest('bad-response', { serverText: 'odd' }),
      names: [BASE, 'odd'],
    },
    {
      name: 'without text',
      expected: 'https://speckle.example/api sent an answer this app cannot read.',
      message: rest('bad-response'),
      names: [BASE],
    },
  ],
  truncated: [
    {
      name: 'after objects',
      expected:
        'The download stopped before the server finished sending: the connection closed early. What arrived is shown and marked incomplete; retry to get the rest.',
      message: rest('truncated', { received: 5 }),
      names: [],
    },
    {
      name: 'before any object',
      expected:
        'The download stopped before the server sent any object: the connection closed early. Retry to get the objects.',
      message: rest('truncated', { received: 0 }),
      names: [],
    },
  ],
  malformed: [
    {
      name: 'after objects',
      expected:
        'The server sent a line this app cannot read ("line 2 has no tab"). What arrived before it is shown and marked incomplete.',
      message: rest('malformed', { received: 5, serverText: 'line 2 has no tab' }),
      names: ['line 2 has no tab'],
    },
    {
      name: 'first line',
      expected: 'The server sent a line this app cannot read ("line 1 has no tab").',
      message: rest('malformed', { received: 0, serverText: 'line 1 has no tab' }),
      names: ['line 1 has no tab'],
    },
  ],
  'too-large': [
    {
      name: 'an object too large',
      expected:
        'Object 0123456789abcdef0123456789abcdef is larger than this explorer reads as text.',
      message: rest('too-large'),
      names: [OBJECT],
    },
  ],
  cancelled: [
    {
      name: 'after objects',
      expected: 'You cancelled the download. What arrived is shown and marked incomplete.',
      message: rest('cancelled', { received: 5 }),
      names: [],
    },
    {
      name: 'before any object',
      expected: 'You cancelled the download before any object arrived.',
      message: rest('cancelled', { received: 0 }),
      names: [],
    },
  ],
  'storage-full': [
    {
      name: 'the storage stopped keeping a spilled body',
      expected:
        "The browser's storage stopped keeping this model after 1.4 GB of 3.4 GB (wrote 4294967288 of 2097152 bytes at byte 1342912581). All 1,000,000 objects received are listed; the text of the first 404,573 was kept: those open, and search and exports cover them. Free some of the browser’s storage (a private window keeps it in memory, and holds less), then retry.",
      message: new ApiError(
        'storage-full',
        REST,
        storageFullMessage(
          { keptBytes: 1.4e9, bodyBytes: 3.4e9, readable: 404_573, received: 1_000_000 },
          'wrote 4294967288 of 2097152 bytes at byte 1342912581',
        ),
      ).message,
      names: ['1.4 GB', '404,573'],
    },
    {
      name: 'without what was kept',
      expected:
        "The browser's storage stopped keeping the download. What it kept is shown and marked incomplete; free some of the browser's storage, then retry.",
      message: rest('storage-full'),
      names: [],
    },
  ],
  ceiling: [
    {
      name: 'stopped at the object ceiling',
      expected:
        'The load stopped at this tab\'s limit of 5,000 objects: the 5,000 objects before it are kept and marked incomplete. Raise the limit under "Load limits" to read further.',
      message: new ApiError(
        'ceiling',
        REST,
        ceilingMessage('objects', { ...DEFAULT_CEILINGS, objects: 5_000 }, 5_000),
      ).message,
      names: ['5,000 objects', 'Load limits'],
    },
    {
      name: 'stopped at the byte ceiling',
      expected:
        'The load stopped at this tab\'s limit of 8.0 GB of data: the 1,234 objects before it are kept and marked incomplete. Raise the limit under "Load limits" to read further.',
      message: new ApiError('ceiling', REST, ceilingMessage('bytes', DEFAULT_CEILINGS, 1_234))
        .message,
      names: ['8.0 GB', '1,234'],
    },
    {
      name: 'stopped at an object over the per-object ceiling, first of all',
      expected:
        'The server sent an object larger than this tab\'s limit of 256 MB per object, so the load stopped there: nothing before it arrived. Raise the limit under "Load limits" to read further.',
      message: new ApiError('ceiling', REST, ceilingMessage('objectBytes', DEFAULT_CEILINGS, 0))
        .message,
      names: ['256 MB per object'],
    },
    {
      name: 'without the ceiling named',
      expected:
        'The load stopped at one of this tab\'s load limits. What arrived is shown and marked incomplete; raise the limit under "Load limits" to read further.',
      message: rest('ceiling'),
      names: ['Load limits'],
    },
  ],
};

/** The status line's reason for an automatic retry, made a sentence. */
export const REST_NOTICE_CASES: MessageCase[] = [
  {
    name: 'retry notice of a gateway',
    expected: "The server's gateway answered 503.",
    message: `${retryReason(new ApiError('server-error', { ...REST, status: 503 }))}.`,
    names: ['503'],
  },
];

/**
 * A test double of a Speckle server's object endpoints, answering as shared/speckle-rest.md says
 * a real server does: line mode only for `Accept: text/plain`, root first then children by id,
 * and the real error statuses and bodies. Data: the real Blender fixture.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';
import { readRealFixture } from '../unit/support/realFixtures';

export const SERVER = 'https://speckle.test';
export const PROJECT_ID = 'a1b2c3d4e5';
export const TOKEN = 'tok_0123456789abcdef0123456789abcdef012345';

interface StoredObject {
  id: string;
  raw: string;
}

const cube = JSON.parse(readRealFixture('blender-cube.objects.json').toString('utf8')) as Array<{
  id: string;
}>;

/** Root compact, children in the database's spaced text form, as the server sends them. */
export const CUBE_OBJECTS: StoredObject[] = cube.map((object, index) => ({
  id: object.id,
  raw: index === 0 ? JSON.stringify(object) : spaced(object),
}));
export const ROOT_ID = CUBE_OBJECTS[0]!.id;
export const CUBE_LINES = CUBE_OBJECTS.map(({ id, raw }) => `${id}\t${raw}\n`).join('');

function spaced(value: unknown): string {
  return JSON.stringify(value).replace(
    /("(?:[^"\\]|\\.)*")|([,:])/g,
    (_match, text: string | undefined, sep: string | undefined) => text ?? `${sep} `,
  );
}

export const requests: Request[] = [];

const TEXT_PLAIN = { 'Content-Type': 'text/plain; charset=utf-8' };

function authorize(request: Request, projectId: string): Response | null {
  requests.push(request.clone());
  const header = request.headers.get('authorization');
  if (header !== null && header !== `Bearer ${TOKEN}`) {
    return HttpResponse.json({ error: 'Your token is not valid.' }, { status: 403 });
  }
  if (projectId !== PROJECT_ID) return new HttpResponse(null, { status: header ? 404 : 401 });
  return null;
}

function objectHandlers(base: string) {
  return [
    http.get(`${base}/objects/:projectId/:objectId/single`, ({ request, params }) => {
      const denied = authorize(request, String(params.projectId));
      if (denied) return denied;
      const object = CUBE_OBJECTS.find(({ id }) => id === params.objectId);
      if (!object) return notFound();
      return new HttpResponse(object.raw, {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
    }),
    http.get(`${base}/objects/:projectId/:objectId`, ({ request, params }) => {
      const denied = authorize(request, String(params.projectId));
      if (denied) return denied;
      if (params.objectId !== ROOT_ID) return notFound();
      if (request.headers.get('accept') !== 'text/plain') {
        return new HttpResponse(`[${CUBE_OBJECTS.map(({ raw }) => raw).join(',')}]`, {
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return linesResponse(streamOf(CUBE_LINES));
    }),
  ];
}

function notFound() {
  return new HttpResponse('Failed to find object.', {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

/** A with-children answer in line mode, as a Speckle server sends one for `Accept: text/plain`. */
export function linesResponse(body: ReadableStream<Uint8Array> | Uint8Array | string): Response {
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/plain; charset=UTF-8' } });
}

/** Answers the next with-children requests with `body` instead of the cube. */
export function serveWithChildren(body: ReadableStream<Uint8Array> | Uint8Array | string): void {
  speckleServer.use(http.get(`${SERVER}/objects/:p/:o`, () => linesResponse(body)));
}

/** Sends the text a few bytes at a time, so that lines and characters split across chunks. */
export function streamOf(text: string, options: { chunkSize?: number; error?: boolean } = {}) {
  const bytes = new TextEncoder().encode(text);
  const chunkSize = options.chunkSize ?? 97;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        if (options.error) controller.error(new TypeError('network error'));
        else controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

export const speckleServer = setupServer(
  ...objectHandlers(SERVER),
  http.get(`${SERVER}/api/ping`, () => new HttpResponse('pong', { headers: TEXT_PLAIN })),
);

/**
 * Every request the app makes from now until the test ends, to any address, as "METHOD url" and
 * " with a token" when it carries one.
 */
export function recordRequests(): string[] {
  const sent: string[] = [];
  const record = ({ request }: { request: Request }) => {
    const token = request.headers.has('authorization') ? ' with a token' : '';
    sent.push(`${request.method} ${request.url}${token}`);
  };
  speckleServer.events.on('request:start', record);
  onTestFinished(() => speckleServer.events.removeListener('request:start', record));
  return sent;
}

/** The same server reached only through `/api`, as Speckle's docs describe the base. */
export function serveOnlyUnderApi() {
  speckleServer.use(
    http.get(
      `${SERVER}/objects/*`,
      () =>
        new HttpResponse('<!doctype html><title>Speckle</title>', {
          headers: { 'Content-Type': 'text/html' },
        }),
    ),
    ...objectHandlers(`${SERVER}/api`),
  );
}

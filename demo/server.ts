// A Speckle-compatible server for demos and tests: the two object endpoints with the real
// server's headers, auth rules and error bodies (see /work/shared/speckle-rest.md) and the files
// a project keeps (blobs.ts), plus a manifest of what it holds, the script that saves it in the
// explorer's servers (explorerSetup.ts) and, for tests, switches that make it fail on purpose.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildManifest,
  createCatalog,
  DEMO_PATH_PREFIX,
  type DemoCatalog,
  type DemoProject,
} from './catalog.ts';
import { sendBlob } from './blobs.ts';
import { demoServerSeed, setupScript } from './explorerSetup.ts';
import { Faults } from './faults.ts';
import { answerGraphql } from './graphqlEndpoint.ts';
import { DEMO_HISTORY, DEMO_LINKS } from './history.ts';
import type { ObjectAnswer } from './objectAnswers.ts';
import { CORS, sendBody, sendEmpty, sendFaultStatus, sendJson, sendNoRoute } from './responses.ts';
import { compressBody, sendCompressed, streamObjects } from './streamObjects.ts';

export interface DemoHandlerOptions {
  /** Path the server is mounted at, e.g. '/demo-server'; '' mounts it at the origin root. */
  prefix?: string;
  /** Enables /__faults; defaults to env SPECKLE_DEMO_TEST_CONTROLS=1. */
  testControls?: boolean;
  /**
   * Sends each with-children body gzipped once and stored, instead of serializing and compressing
   * it live like a real server: for benchmarks that measure the client alone. Defaults to env
   * SPECKLE_DEMO_PRECOMPRESSED=1.
   */
  precompressed?: boolean;
  /** The objects to serve; by default the demo's, shared by every handler in the process. */
  catalog?: DemoCatalog;
}

/** The script that saves the demo in the explorer's servers, run by the page before the app. */
export const EXPLORER_SETUP = 'explorer-setup.js';

export type DemoHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface DemoServer {
  /** Origin plus prefix: what the app calls the Server URL. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

// Objects are immutable and slow to generate, so every handler in the process shares them.
let sharedCatalog: DemoCatalog | undefined;

function sharedCatalogOrNew(): DemoCatalog {
  sharedCatalog ??= createCatalog();
  return sharedCatalog;
}

// Pre-compressed with-children bodies by project, root and mode. A few models, two modes each:
// tens of megabytes at most, so nothing is evicted. Promises, so concurrent first requests share
// one compression.
const compressedBodies = new Map<string, Promise<Buffer>>();

function compressedBody(key: string, compress: () => Promise<Buffer>): Promise<Buffer> {
  let body = compressedBodies.get(key);
  if (!body) {
    body = compress();
    compressedBodies.set(key, body);
    body.catch(() => compressedBodies.delete(key));
  }
  return body;
}

type Authorization = { kind: 'none' } | { kind: 'invalid' } | { kind: 'valid'; token: string };

// The server takes `Bearer <token>` or a bare token; `bearer x` or `Bearer  x` is an unknown token.
function readAuthorization(catalog: DemoCatalog, header: string | undefined): Authorization {
  if (!header) return { kind: 'none' };
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : header;
  return catalog.tokens.has(token) ? { kind: 'valid', token } : { kind: 'invalid' };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function pathnameOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 64 * 1024) reject(new Error('Body too large'));
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    ...CORS,
    'Access-Control-Allow-Methods': 'GET,HEAD,OPTIONS',
    ...(requested
      ? { 'Access-Control-Allow-Headers': requested, Vary: 'Access-Control-Request-Headers' }
      : {}),
    'Content-Length': '0',
  });
  res.end();
}

class DemoRequestHandler {
  private readonly faults = new Faults();

  constructor(
    private readonly prefix: string,
    private readonly testControls: boolean,
    private readonly precompressed: boolean,
    private readonly catalog: () => DemoCatalog,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const sub = pathname.slice(this.prefix.length);
    // Like Express: one trailing slash is ignored and route names are case-insensitive.
    const route = sub.length > 1 && sub.endsWith('/') ? sub.slice(0, -1) : sub;
    const segments = route.split('/').slice(1);
    const names = segments.map((segment) => segment.toLowerCase());
    const method = req.method ?? 'GET';

    if (names.join('/') === 'graphql') {
      await this.graphql(req, res);
      return;
    }
    if (method === 'OPTIONS') {
      preflight(req, res);
      return;
    }
    if (this.testControls && names.join('/') === '__faults') {
      if (method === 'POST' || method === 'DELETE') {
        await this.faultControls(req, res);
        return;
      }
    }
    if (method !== 'GET' && method !== 'HEAD') {
      sendNoRoute(req, res, pathname);
      return;
    }
    if (names.join('/') === 'api/ping') {
      sendBody(req, res, 200, 'text/plain; charset=utf-8', 'pong');
      return;
    }
    if (names.join('/') === 'demo.json') {
      sendJson(
        req,
        res,
        200,
        JSON.stringify({ ...buildManifest(this.catalog()), links: DEMO_LINKS }),
      );
      return;
    }
    if (names.join('/') === EXPLORER_SETUP) {
      const seed = demoServerSeed(buildManifest(this.catalog()), DEMO_LINKS);
      sendBody(req, res, 200, 'text/javascript; charset=utf-8', setupScript(seed, this.prefix));
      return;
    }
    // /objects/{projectId}/{objectId}[/single], and /api/stream/{projectId}/blob/{blobId}.
    const isBlobRoute =
      segments.length === 5 && names[0] === 'api' && names[1] === 'stream' && names[3] === 'blob';
    const [projectId, objectId] = isBlobRoute ? [segments[2], segments[4]] : segments.slice(1);
    const isObjectRoute =
      names[0] === 'objects' &&
      (segments.length === 3 || (segments.length === 4 && names[3] === 'single'));
    if (!projectId || !objectId || !(isBlobRoute || isObjectRoute)) {
      sendNoRoute(req, res, pathname);
      return;
    }
    let ids: [string, string];
    try {
      ids = [decodeURIComponent(projectId), decodeURIComponent(objectId)];
    } catch {
      sendBody(req, res, 400, 'text/html; charset=utf-8', 'Bad Request');
      return;
    }
    if (isBlobRoute) {
      const project = this.readableProject(req, res, ids[0]);
      if (project) await sendBlob(req, res, project, ids[1]);
    } else await this.objectRequest(req, res, ...ids, segments.length === 4);
  }

  private async graphql(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const failure = req.method === 'OPTIONS' ? null : this.faults.takeStatus();
    if (failure !== null) {
      sendFaultStatus(req, res, failure);
      return;
    }
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const answer = answerGraphql(
      {
        method: req.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, [value].flat().join(', ')]),
        ),
        body: req.method === 'POST' ? await readBody(req) : '',
        search: query < 0 ? '' : url.slice(query + 1),
      },
      { catalog: this.catalog(), history: DEMO_HISTORY },
    );
    res.writeHead(answer.status, {
      ...answer.headers,
      'Content-Length': String(Buffer.byteLength(answer.body)),
    });
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  }

  private async faultControls(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'DELETE') {
      this.faults.clear();
      sendEmpty(res, 204);
      return;
    }
    let problem: string | null;
    try {
      problem = this.faults.set(JSON.parse(await readBody(req)));
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (problem) sendJson(req, res, 400, JSON.stringify({ error: problem }));
    else sendEmpty(res, 204);
  }

  /** Resolves the project the request may read, or answers the refusal itself. */
  private readableProject(req: IncomingMessage, res: ServerResponse, projectId: string) {
    const auth = readAuthorization(this.catalog(), req.headers.authorization);
    if (auth.kind === 'invalid') {
      sendJson(req, res, 403, JSON.stringify({ error: 'Your token is not valid.' }));
      return null;
    }
    const { projects, tokens } = this.catalog();
    const project = projects.find((candidate) => candidate.id === projectId);
    if (auth.kind === 'none') {
      if (project?.visibility === 'public') return project;
      sendEmpty(res, 401);
      return null;
    }
    if (!project) {
      sendEmpty(res, 404);
      return null;
    }
    if (project.visibility === 'private' && !tokens.get(auth.token)?.has(project.id)) {
      sendEmpty(res, 401);
      return null;
    }
    return project;
  }

  private async objectRequest(
    req: IncomingMessage,
    res: ServerResponse,
    projectId: string,
    objectId: string,
    single: boolean,
  ): Promise<void> {
    if (this.faults.answerDelayMs > 0) await sleep(this.faults.answerDelayMs);
    const failure = this.faults.takeStatus();
    if (failure !== null) {
      sendFaultStatus(req, res, failure);
      return;
    }
    const project = this.readableProject(req, res, projectId);
    if (!project) return;
    const answer = await project.answer(objectId);
    if (!answer) {
      sendBody(req, res, 404, 'text/html; charset=utf-8', 'Failed to find object.');
      return;
    }
    if (single) {
      sendJson(req, res, 200, answer.text);
      return;
    }
    await this.streamWithChildren(req, res, project, answer);
  }

  private async streamWithChildren(
    req: IncomingMessage,
    res: ServerResponse,
    project: DemoProject,
    answer: ObjectAnswer,
  ): Promise<void> {
    const mode = req.headers.accept === 'text/plain' ? 'text' : 'json';
    const headers = {
      ...CORS,
      'Content-Type': mode === 'text' ? 'text/plain; charset=UTF-8' : 'application/json',
      'Content-Encoding': 'gzip',
    };
    if (req.method === 'HEAD') {
      res.writeHead(200, headers);
      res.end();
      return;
    }
    // Stream faults act object by object, so they need the live stream.
    if (this.precompressed && !this.faults.shapesStreams) {
      const key = `${project.id}/${answer.id}/${mode}`;
      const body = answer.compressedFile
        ? { file: await answer.compressedFile(mode) }
        : await compressedBody(key, () => compressBody(answer.records(), mode));
      res.writeHead(200, headers);
      await sendCompressed(res, body);
      return;
    }
    res.writeHead(200, headers);
    await streamObjects(res, answer.records(), {
      mode,
      delayMs: this.faults.delayMs,
      dropAfter: this.faults.takeDropAfter(),
      hold: this.faults.takeHold(),
      malformedAfter: mode === 'text' ? this.faults.takeMalformedAfter() : null,
      cutTextAfter: mode === 'text' ? this.faults.takeCutTextAfter() : null,
      endless: mode === 'text' ? this.faults.takeEndless() : null,
    });
  }
}

/** Connect-style middleware answering under `prefix` and calling next() for anything else. */
export function createDemoHandler(options: DemoHandlerOptions = {}): DemoHandler {
  const prefix = options.prefix ?? DEMO_PATH_PREFIX;
  const testControls = options.testControls ?? process.env.SPECKLE_DEMO_TEST_CONTROLS === '1';
  const precompressed = options.precompressed ?? process.env.SPECKLE_DEMO_PRECOMPRESSED === '1';
  const { catalog } = options;
  const handler = new DemoRequestHandler(
    prefix,
    testControls,
    precompressed,
    catalog ? () => catalog : sharedCatalogOrNew,
  );
  return (req, res, next) => {
    const pathname = pathnameOf(req);
    if (prefix !== '' && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) {
      next();
      return;
    }
    handler.handle(req, res, pathname).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendJson(req, res, 500, JSON.stringify({ error: { message, code: 'INTERNAL_ERROR' } }));
    });
  };
}

/** Runs the demo server on its own port (port 0 picks a free one). */
export async function startDemoServer(
  options: DemoHandlerOptions & { port?: number; host?: string } = {},
): Promise<DemoServer> {
  const prefix = options.prefix ?? DEMO_PATH_PREFIX;
  const host = options.host ?? '127.0.0.1';
  const { testControls, precompressed, catalog } = options;
  const handler = createDemoHandler({ prefix, testControls, precompressed, catalog });
  const server = createServer((req, res) =>
    handler(req, res, () => sendNoRoute(req, res, pathnameOf(req))),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: `${origin}${prefix}`,
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// The built app and the demo server, served by `vite preview` on 127.0.0.1 (vite.config.ts mounts
// the demo server; Vite bundles the TypeScript plugin itself). The plugin reads
// SPECKLE_DEMO_PRECOMPRESSED when it starts, so each mode gets its own server.
//
// Each server runs in a child process, as a real server would: in the bench's own process it
// shared a heap with the bench and with the other mode's copy of the 100k model, and its live
// gzip floor came out slower and noisier (5.4–7.8 s against 3.7–5.2 s in five runs each).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITE_CLI = join(
  dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin',
  'vite.js',
);
const DEMO_PATH_PREFIX = '/demo-server';
const START_TIMEOUT_MS = 30_000;

/**
 * @typedef {{ id: string, label: string, speckleType: string, objectCount: number }} DemoObject
 * @typedef {{ id: string, name: string, visibility: string, objects: DemoObject[] }} DemoProject
 * @typedef {{ token: string, projects: DemoProject[] }} DemoManifest
 * @typedef {{ appUrl: string, base: string, manifest: DemoManifest, pid: number,
 *   close(): Promise<void> }} DemoServer
 *   `pid`: the server's process, for reading its memory
 */

export function assertBuilt() {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: build the app first (`npx vite build`).');
  }
}

/** A port nobody listens on right now. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('No free port found');
  return address.port;
}

/** @param {string} url */
async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * @param {{ precompressed: boolean, outDir?: string }} options `outDir`: the build to serve, when
 *   not the project's `dist/`.
 * @returns {Promise<DemoServer>}
 */
export async function startDemoServer({ precompressed, outDir }) {
  const port = await freePort();
  const env = { ...process.env, SPECKLE_DEMO_PRECOMPRESSED: precompressed ? '1' : '0' };
  const args = [VITE_CLI, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
  if (outDir) args.push('--outDir', outDir);
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Should the bench die first, its server must not outlive it.
  const killChild = () => child.kill();
  process.once('exit', killChild);
  const close = async () => {
    process.off('exit', killChild);
    child.kill();
    await exited;
  };

  const appUrl = `http://127.0.0.1:${port}`;
  const base = `${appUrl}${DEMO_PATH_PREFIX}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(`${base}/api/ping`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`vite preview did not start on port ${port}: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const manifest = /** @type {DemoManifest} */ (await (await fetch(`${base}/demo.json`)).json());
  return { appUrl, base, manifest, pid: child.pid ?? 0, close };
}

/** The demo catalogue's label of the model most figures are measured on. */
export const MODEL_100K = 'Generated building, 100,000 objects';

/** The demo catalogue's label of the 20 MB object. */
export const LARGE_OBJECT = 'Large single object';

/**
 * The manifest's project of this name.
 * @param {DemoManifest} manifest
 * @param {string} name
 */
export function findProject(manifest, name) {
  const project = manifest.projects.find((candidate) => candidate.name === name);
  if (!project) throw new Error(`The demo manifest lists no project "${name}"`);
  return project;
}

/**
 * The manifest entry whose label starts with `label`, with its project.
 * @param {DemoManifest} manifest
 * @param {string} label
 */
export function findDemoObject(manifest, label) {
  for (const project of manifest.projects) {
    const object = project.objects.find((candidate) => candidate.label.startsWith(label));
    if (object) return { project, object };
  }
  throw new Error(`The demo manifest lists no "${label}"`);
}

/**
 * Where the bench requests the demo object whose label starts with `label`.
 * @param {DemoServer} server
 * @param {string} label
 * @returns {import('./models.mjs').ModelAddress}
 */
export function demoObjectAddress(server, label) {
  const { project, object } = findDemoObject(server.manifest, label);
  return {
    base: server.base,
    token: server.manifest.token,
    projectId: project.id,
    objectId: object.id,
  };
}

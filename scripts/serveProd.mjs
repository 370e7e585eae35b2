// `npm run serve:prod -- --port N`: builds the app and serves dist/ with nginx and the
// configuration in deploy/ (site.conf, security-headers.conf), as a production host would.
// Options: --port N (8080), --connect-src "<sources>" to replace the policy's connect-src (to let
// the app reach a Speckle server over plain HTTP, such as a local one), --no-build to serve the
// dist/ there is. Installs Debian's nginx when it is missing and this runs as root.
// nginx serves a copy of dist/ from a temporary folder: its workers run as an unprivileged user,
// which may not read the checkout.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const NGINX = '/usr/sbin/nginx';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    'connect-src': { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`serve:prod: --port must be a port number, not "${values.port}"`);
  process.exit(2);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!values['no-build']) run(join(ROOT, 'node_modules/.bin/vite'), ['build']);
if (!existsSync(join(ROOT, 'dist/index.html'))) {
  console.error('serve:prod: dist/index.html is missing; build first or leave out --no-build');
  process.exit(1);
}
if (!existsSync(NGINX)) {
  if (process.getuid?.() !== 0) {
    console.error('serve:prod: nginx is not installed: apt-get install -y nginx');
    process.exit(1);
  }
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'nginx']);
}

const workDir = mkdtempSync(join(tmpdir(), 'speckle-explorer-nginx-'));
const site = join(workDir, 'site');
cpSync(join(ROOT, 'dist'), site, { recursive: true });
for (const path of [workDir, site]) chmodSync(path, 0o755);
spawnSync('chmod', ['-R', 'a+rX', site]);

const deploy = (name) => readFileSync(join(ROOT, 'deploy', name), 'utf8');
writeFileSync(
  join(workDir, 'site.conf'),
  deploy('site.conf')
    .replace(/^(\s*)listen \d+;/m, `$1listen ${port};`)
    .replace(/^(\s*)root \S+;/m, `$1root ${site};`),
);
const headers = deploy('security-headers.conf');
writeFileSync(
  join(workDir, 'security-headers.conf'),
  values['connect-src']
    ? headers.replace(/connect-src [^;]+;/, `connect-src ${values['connect-src']};`)
    : headers,
);
const temp = (name) => `${name}_temp_path ${join(workDir, name)};`;
writeFileSync(
  join(workDir, 'nginx.conf'),
  `worker_processes 1;
pid ${join(workDir, 'nginx.pid')};
error_log stderr warn;
daemon off;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}
    include site.conf;
}
`,
);

const nginx = spawn(NGINX, ['-e', 'stderr', '-p', workDir, '-c', join(workDir, 'nginx.conf')], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
const cleanUp = () => rmSync(workDir, { recursive: true, force: true });
nginx.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => nginx.kill('SIGQUIT'));

// Ready once it answers: a test waits for this line.
const url = `http://127.0.0.1:${port}`;
for (let attempt = 0; attempt < 100; attempt++) {
  const answer = await fetch(url).catch(() => null);
  if (answer?.ok) {
    console.log(`serve:prod: serving dist/ at ${url} (nginx, deploy/site.conf)`);
    break;
  }
  await new Promise((done) => setTimeout(done, 100));
}

// `npm test`: the unit and component tests (`npm run test:unit`) side by side with the build and
// the end-to-end tests (`npm run test:e2e`). The browser suite spends most of its time waiting on
// pages, the unit suite is all CPU: one after the other, each left idle what the other could have
// used. Each suite writes its own report (test-results/unit.json, e2e.json, which .ci/summarise.mjs
// adds up); every line is prefixed with its suite, and the command fails if either suite fails.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Piped output loses vitest's colours unless asked for them where a terminal shows the result.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;

/** Runs `npm run <script>`, passing its lines on with a prefix; resolves to its exit code. */
function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from }).on('line', (line) => to.write(`[${script}] ${line}\n`));
    }
    child.on('error', (error) => {
      process.stderr.write(`[${script}] could not start: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const scripts = ['test:unit', 'test:e2e'];
const codes = await Promise.all(scripts.map(runScript));
for (const [index, script] of scripts.entries()) {
  console.log(`${script}: ${codes[index] === 0 ? 'passed' : `failed (exit code ${codes[index]})`}`);
}
process.exitCode = codes.every((code) => code === 0) ? 0 : 1;

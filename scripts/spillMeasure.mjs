// Measures the two ways a big body could leave the page (docs/storage.md): appended to a file of
// the Origin Private File System through a worker's synchronous access handle, or compressed in
// memory with CompressionStream in blocks of 1 MB (each readable alone), against copying the same
// chunks in memory (what the page does today). One run, one worker, the same body: the figures are
// ratios of that run. Usage: `npx vite build && node scripts/spillMeasure.mjs [model label]`.
import { assertBuilt, demoObjectAddress, startDemoServer } from '../bench/demoServer.mjs';
import { launchBrowser } from '../bench/browser.mjs';
import { objectUrl } from '../bench/models.mjs';

const label = process.argv[2] ?? 'Generated building, 100,000 objects';
const READS = 500;

/** Runs in a worker of the app's origin: reads the body once and stores each chunk three ways. */
function measureInWorker({ url, token, reads }) {
  const COMPRESSED_BLOCK = 1024 * 1024;
  const now = () => performance.now();
  const compress = async (bytes, format) =>
    new Uint8Array(
      await new Response(
        new Blob([bytes]).stream().pipeThrough(new CompressionStream(format)),
      ).arrayBuffer(),
    );
  const decompress = async (bytes, format) =>
    new Uint8Array(
      await new Response(
        new Blob([bytes]).stream().pipeThrough(new DecompressionStream(format)),
      ).arrayBuffer(),
    );

  return (async () => {
    const root = await navigator.storage.getDirectory();
    const file = await root.getFileHandle('spill-measure', { create: true });
    const handle = await file.createSyncAccessHandle();
    handle.truncate(0);
    const times = { copy: 0, opfsWrite: 0, compress: 0 };
    const compressed = [];
    let pending = [];
    let pendingBytes = 0;
    let bytes = 0;
    const flushCompressed = async () => {
      if (pendingBytes === 0) return;
      const block = new Uint8Array(pendingBytes);
      let at = 0;
      for (const part of pending) (block.set(part, at), (at += part.length));
      const start = now();
      compressed.push({
        offset: bytes - pendingBytes,
        length: pendingBytes,
        bytes: await compress(block, 'deflate-raw'),
      });
      times.compress += now() - start;
      pending = [];
      pendingBytes = 0;
    };
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/plain' },
    });
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let start = now();
      new Uint8Array(value.length).set(value);
      times.copy += now() - start;
      start = now();
      handle.write(value, { at: bytes });
      times.opfsWrite += now() - start;
      bytes += value.length;
      pending.push(value);
      pendingBytes += value.length;
      if (pendingBytes >= COMPRESSED_BLOCK) await flushCompressed();
    }
    await flushCompressed();
    let start = now();
    handle.flush();
    times.opfsWrite += now() - start;

    // Reads of an object's size (3 kB) at random offsets, as opening objects one by one does.
    const offsets = Array.from({ length: reads }, (_, i) =>
      Math.floor((((i * 7919) % reads) / reads) * (bytes - 4096)),
    );
    start = now();
    for (const offset of offsets) handle.read(new Uint8Array(3072), { at: offset });
    const opfsRead = (now() - start) / reads;
    start = now();
    for (const offset of offsets) {
      const block = compressed.find((b) => offset >= b.offset && offset < b.offset + b.length);
      (await decompress(block.bytes, 'deflate-raw')).subarray(
        offset - block.offset,
        offset - block.offset + 3072,
      );
    }
    const compressedRead = (now() - start) / reads;
    // A whole pass, as a search or an export makes.
    start = now();
    const piece = new Uint8Array(4 * 1024 * 1024);
    for (let at = 0; at < bytes; at += piece.length) handle.read(piece, { at });
    const opfsPass = now() - start;
    start = now();
    for (const block of compressed) await decompress(block.bytes, 'deflate-raw');
    const compressedPass = now() - start;
    handle.close();
    await root.removeEntry('spill-measure');
    const compressedBytes = compressed.reduce((sum, b) => sum + b.bytes.length, 0);
    return { bytes, compressedBytes, times, opfsRead, compressedRead, opfsPass, compressedPass };
  })();
}

assertBuilt();
const server = await startDemoServer({ precompressed: false });
const browser = await launchBrowser();
try {
  const model = demoObjectAddress(server, label);
  // The first request generates the model: not part of the measurement.
  await (
    await fetch(objectUrl(model), {
      headers: { Authorization: `Bearer ${model.token}`, Accept: 'text/plain' },
    })
  ).arrayBuffer();
  const page = await browser.newPage();
  await page.goto(server.appUrl);
  const result = await page.evaluate(
    async ({ source, args }) => {
      const url = URL.createObjectURL(
        new Blob(
          [
            `const measure = ${source};\nonmessage = async (e) => postMessage(await measure(e.data));`,
          ],
          { type: 'text/javascript' },
        ),
      );
      const worker = new Worker(url);
      return new Promise((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage(args);
      });
    },
    {
      source: measureInWorker.toString(),
      args: { url: objectUrl(model), token: model.token, reads: READS },
    },
  );
  const { bytes, compressedBytes, times } = result;
  const ratio = (value, base) => (value / base).toFixed(2);
  console.log(`${label}: ${(bytes / 1e6).toFixed(0)} MB of lines`);
  console.log(
    `store a chunk (per byte), against copying it in memory: OPFS ${ratio(times.opfsWrite, times.copy)}×, deflate ${ratio(times.compress, times.copy)}×`,
  );
  console.log(
    `held in the page, against the body: OPFS 0, deflate ${ratio(compressedBytes, bytes)}×, memory 1×`,
  );
  console.log(
    `read one 3 kB object back: OPFS ${result.opfsRead.toFixed(3)} ms, deflate ${result.compressedRead.toFixed(3)} ms (${ratio(result.compressedRead, result.opfsRead)}× OPFS)`,
  );
  console.log(
    `read the whole body back: OPFS ${ratio(result.opfsPass, times.copy)}×, deflate ${ratio(result.compressedPass, times.copy)}× the in-memory copy`,
  );
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await server.close();
}

/**
 * Warms the indexer up on a small made-up body, so that a load's first megabytes are indexed by
 * optimised code. A fresh worker runs its first megabytes many times slower, before V8 has
 * optimised the hot functions, and V8 compiles them on the page's other threads meanwhile, CPU that
 * a load on two cores does not have to spare. A spare worker warmed up while the page is idle
 * leaves the load only the indexing.
 *
 * The sample takes every path a real body takes: a root whose `__closure` spans several chunks,
 * lines split across chunks, nested objects after the top-level `speckle_type`, escaped quotes,
 * characters of two to four bytes. Its blocks go through the byte deferral and a structured clone with
 * their buffers transferred, as a load's blocks go to the page: the first detached buffer, and the
 * first block the deferral copies without its bytes, otherwise each throw away optimised code that
 * relied on them never happening (seen with --trace-opt: the indexer was optimised again, from
 * scratch, during every load). The sample is also cut as an opened file is (cutSampleOnce): the
 * file's cutter, and the indexer fed by it, are otherwise cold when a file is opened.
 */
import { ObjectCutter } from '../../bytes/objectCutter';
import { deferBytes } from './byteDeferral';
import { rootBytesOnly } from '../files/fileLoad';
import { indexerReply, blockReply, BlockIndexer } from './indexing';

/**
 * About 150 kB, indexed 200 times in small chunks: less work left the biggest function to be
 * optimised during the load (seen with --trace-opt); a small sample keeps the worker's memory
 * small meanwhile.
 */
const SAMPLE_OBJECTS = 400;
const CLOSURE_IDS = 1500;
export const WARM_UP_CHUNK_BYTES = 16 * 1024;
export const WARM_UP_PASSES = 200;
/**
 * The file cutter reaches its steady speed within ten passes of the sample (measured in node);
 * two hundred more took the worker another second of CPU after the page opened.
 */
export const WARM_UP_CUT_PASSES = 20;
/** Passes run in tasks of about this long, so a load that starts meanwhile waits little. */
export const WARM_UP_TASK_MS = 8;

/** A with-children body in line mode (`<id>\t<json>\n`): a root, then its children. */
export function sampleBody(objects = SAMPLE_OBJECTS, closureIds = CLOSURE_IDS): Uint8Array {
  const lines: string[] = [];
  const closure = Array.from({ length: closureIds }, (_, index) => `"${sampleId(index + 1)}": 1`);
  const root = sampleId(0);
  lines.push(
    `${root}\t{"id": "${root}", "__closure": {${closure.join(', ')}}, "speckle_type": "Base", ` +
      `"totalChildrenCount": ${closureIds}}`,
  );
  for (let index = 1; index < objects; index += 1) lines.push(sampleLine(index));
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

function sampleLine(index: number): string {
  const id = sampleId(index);
  if (index % 2 === 1) {
    return (
      `${id}\t{"id": "${id}", "data": [${index}.5, -2.25, 3, 4.125e-7, ${index}], ` +
      `"speckle_type": "Speckle.Core.Models.DataChunk", "applicationId": null, "totalChildrenCount": 0}`
    );
  }
  const child = sampleId(index + 1);
  return (
    `${id}\t{"id": "${id}", "name": "Wall \\"${index}\\" é 中 🧱", "units": "m", ` +
    `"__closure": {"${child}": 1}, "parameters": {"id": "${sampleId(index + 2)}", ` +
    `"speckle_type": "Base"}, "speckle_type": "Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall", ` +
    `"@displayValue": [{"referencedId": "${child}", "speckle_type": "reference"}], ` +
    `"applicationId": "app-${index}", "totalChildrenCount": 1}`
  );
}

function sampleId(index: number): string {
  return (index * 2654435761).toString(16).padStart(32, '0').slice(-32);
}

/** Indexes the sample once, as a load would, and throws the index away; says how many lines. */
export function indexSampleOnce(body: Uint8Array): number {
  const indexer = new BlockIndexer();
  let lines = 0;
  const deferral = deferBytes(
    (reply, transfer) => {
      if (reply.kind !== 'block') return;
      lines += structuredClone(reply, { transfer }).block.starts.length;
    },
    () => undefined,
  );
  for (let at = 0; at < body.length; at += WARM_UP_CHUNK_BYTES) {
    const chunk = body.slice(at, at + WARM_UP_CHUNK_BYTES);
    const answered = indexerReply(indexer, { kind: 'chunk', chunk });
    if (answered) deferral.send(answered.reply, answered.transfer);
  }
  indexerReply(indexer, { kind: 'finish' });
  return lines;
}

/** Cuts the sample once as an opened file is cut and sent (fileLoad.ts); says how many lines. */
export function cutSampleOnce(body: Uint8Array): number {
  const indexer = new BlockIndexer();
  const cutter = new ObjectCutter();
  let lines = 0;
  const send = rootBytesOnly((reply, transfer) => {
    if (reply.kind === 'block') lines += structuredClone(reply, { transfer }).block.starts.length;
  });
  const buffer = new Uint8Array(WARM_UP_CHUNK_BYTES);
  for (let at = 0; at < body.length; at += WARM_UP_CHUNK_BYTES) {
    const piece = body.subarray(at, at + WARM_UP_CHUNK_BYTES);
    const chunk = buffer.subarray(0, piece.length);
    chunk.set(piece);
    const { reply, transfer } = blockReply(indexer.index(cutter.push(chunk)));
    send(reply, transfer);
  }
  cutter.finish();
  return lines;
}

import type { LineRecord } from '../../../src/bytes/lines';
import { ObjectCutter, type CutProblem } from '../../../src/bytes/objectCutter';
import type { ObjectForm, Refusal } from '../../../src/bytes/objectForm';
import { recordsOf } from './lineRecords';

export interface CutResult {
  form: ObjectForm | null;
  refused: Refusal | null;
  records: LineRecord[];
  problems: CutProblem[];
  complete: boolean;
}

/** Reads a file's chunks through an ObjectCutter, gathering every block's records and problems. */
export function cutChunks(
  chunks: readonly Uint8Array[],
  cutter = new ObjectCutter(),
): CutResult & { cutter: ObjectCutter } {
  const records: LineRecord[] = [];
  const problems: CutProblem[] = [];
  for (const chunk of chunks) {
    const block = cutter.push(chunk);
    records.push(...recordsOf(block));
    problems.push(...block.problems);
  }
  const end = cutter.finish();
  records.push(...recordsOf(end));
  problems.push(...end.problems);
  return {
    cutter,
    form: cutter.form,
    refused: cutter.refused,
    records,
    problems,
    complete: end.complete,
  };
}

export function cutText(text: string | Uint8Array): CutResult {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const { form, refused, records, problems, complete } = cutChunks([bytes]);
  return { form, refused, records, problems, complete };
}

/** Cuts `bytes` at the given positions (any order; repeats give empty chunks). */
export function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const bounds = [0, ...cuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b)];
  bounds.push(bytes.length);
  return bounds.slice(1).map((end, index) => bytes.subarray(bounds[index], end));
}

/**
 * The file read in two chunks, cut at each of its byte offsets in turn (the ends included), each
 * time by a fresh cutter of `newCutter`.
 */
export function cutAtEveryByte(
  bytes: Uint8Array,
  newCutter = () => new ObjectCutter(),
): CutResult[] {
  return Array.from({ length: bytes.length + 1 }, (_, cut) =>
    cutChunks(splitAt(bytes, [cut]), newCutter()),
  );
}

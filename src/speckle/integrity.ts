/**
 * Compares what a with-children answer should hold (the root and every id in its `__closure`) with
 * what arrived. The server skips descendants it lacks and repeats every line once per project that
 * stores the same root, so both are findings to show, not errors.
 *
 * Built for 100,000 objects on the main thread or in a worker: references are read from each
 * object's bytes (`referencedIdsInText`) rather than by parsing or even decoding its text.
 */
import type { LineRecord } from '../bytes/lines';
import { referencedIdsInText } from './references';
import { countOf, formatCount, pluralOf } from './counts';
import { closureOf } from '../bytes/topLevelFields';
import { IdNumberMap } from '../bytes/idNumberMap';

/** A received line; with its text's bytes when the caller keeps them (ObjectSet's records do). */
export type CheckedRecord = LineRecord & {
  readonly encoded?: Uint8Array;
  /** Its text arrived cut short or garbled (ObjectSummary.damaged). */
  readonly damaged?: boolean;
};

const encoder = new TextEncoder();

export interface DanglingReference {
  /** The object holding the reference. */
  from: string;
  /** The id it names, which did not arrive. */
  to: string;
}

export interface ClosureReport {
  /** 1 + the number of ids in the root's `__closure`. */
  expected: number;
  /** Distinct ids received. */
  received: number;
  /** Ids in the closure that did not arrive, shallowest first (then by id). */
  missing: string[];
  /** Ids that arrived but are neither the root nor in its closure, in order of arrival. */
  unexpected: string[];
  /** Ids received more than once, with how often, in order of first arrival. */
  duplicates: Array<{ id: string; count: number }>;
  /** References, in any received object, to objects that did not arrive. */
  danglingReferences: DanglingReference[];
  /** Ids whose text arrived cut short or garbled, not valid JSON, in order of arrival. */
  damaged: string[];
}

/**
 * @param root the parsed root object (its `id` and `__closure` are read)
 * @param records every received line in order of arrival, repeats included (`ObjectSet.records`)
 */
export function checkClosure(root: unknown, records: Iterable<CheckedRecord>): ClosureReport {
  const object = typeof root === 'object' && root !== null ? (root as Record<string, unknown>) : {};
  const rootId = typeof object.id === 'string' ? object.id : null;
  const steps = checkClosureSteps(rootId, closureOf(object), records);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * checkClosure as a generator that yields after each record and each thousand closure ids, for a
 * caller that must not hold the main thread: reading a big model's references, or going through
 * its root's closure, takes far longer than one task may.
 *
 * @param rootId the root's id (the first record's, as the server sends it)
 * @param closure the root's `__closure` as id → depth (readTopLevelClosure)
 */
export function* checkClosureSteps(
  rootId: string | null,
  closure: ReadonlyMap<string, number>,
  records: Iterable<CheckedRecord>,
): Generator<void, ClosureReport> {
  const check = new ClosureCheck(rootId, closure);
  yield* check.addSteps(records);
  return yield* check.reportSteps();
}

/**
 * The same check over records that come in batches as their texts are read (a body read back from
 * opened files, a span at a time): `run` runs the steps of each batch, then the report's.
 */
export async function checkClosureInBatches(
  rootId: string | null,
  closure: ReadonlyMap<string, number>,
  batches: AsyncIterable<Iterable<CheckedRecord>>,
  run: <Result>(steps: Generator<void, Result>) => Promise<Result>,
): Promise<ClosureReport> {
  const check = new ClosureCheck(rootId, closure);
  for await (const batch of batches) await run(check.addSteps(batch));
  return run(check.reportSteps());
}

class ClosureCheck {
  /** Without a string per id: a million of them would stay in the heap while the check runs. */
  private readonly counts: IdNumberMap;
  private readonly unexpected: string[] = [];
  private readonly damaged: string[] = [];
  /** References whose target had not arrived when they were read: the only ones that can dangle. */
  private readonly pending: DanglingReference[] = [];

  constructor(
    private readonly rootId: string | null,
    private readonly closure: ReadonlyMap<string, number>,
  ) {
    // A model's objects are its root and its closure: room for them is made before the first.
    this.counts = new IdNumberMap(closure.size + 1);
  }

  *addSteps(records: Iterable<CheckedRecord>): Generator<void> {
    for (const record of records) {
      this.add(record);
      yield;
    }
  }

  private add(record: CheckedRecord): void {
    const { id } = record;
    const count = this.counts.get(id);
    this.counts.set(id, (count ?? 0) + 1);
    if (count !== undefined) return;
    if (id !== this.rootId && !this.closure.has(id)) this.unexpected.push(id);
    if (record.damaged) this.damaged.push(id);
    for (const to of referencedIdsInText(record.encoded ?? encoder.encode(record.raw))) {
      if (!this.counts.has(to)) this.pending.push({ from: id, to });
    }
  }

  *reportSteps(): Generator<void, ClosureReport> {
    const { closure, counts } = this;
    // Bucketed by depth, in the closure's own order: the server writes it in jsonb key order (by
    // id, as all ids have the same length), so each bucket is usually sorted already.
    const byDepth = new Map<number, string[]>();
    let seen = 0;
    for (const [id, depth] of closure) {
      if (++seen % STEP === 0) yield;
      if (counts.has(id)) continue;
      const bucket = byDepth.get(depth);
      if (bucket) bucket.push(id);
      else byDepth.set(depth, [id]);
    }
    const missing: string[] = [];
    for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
      const bucket = byDepth.get(depth) as string[];
      if (!isSorted(bucket)) bucket.sort();
      for (const id of bucket) missing.push(id);
      yield;
    }
    const duplicates: ClosureReport['duplicates'] = [];
    seen = 0;
    for (const [id, count] of counts) {
      if (++seen % STEP === 0) yield;
      if (count > 1) duplicates.push({ id, count });
    }
    const danglingReferences: DanglingReference[] = [];
    const { pending } = this;
    for (let index = 0; index < pending.length; index += 1) {
      if ((index + 1) % STEP === 0) yield;
      const reference = pending[index] as DanglingReference;
      if (!counts.has(reference.to)) danglingReferences.push(reference);
    }
    return {
      expected: 1 + closure.size,
      received: counts.size,
      missing,
      unexpected: this.unexpected,
      duplicates,
      danglingReferences,
      damaged: this.damaged,
    };
  }
}

const STEP = 1000;

function isSorted(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i += 1) {
    if ((ids[i - 1] as string) > (ids[i] as string)) return false;
  }
  return true;
}

/** The report in sentences, for the panel and for a ticket. */
export function closureFindings({
  expected,
  received,
  missing,
  danglingReferences,
  duplicates,
  unexpected,
  damaged,
}: ClosureReport): string[] {
  const sentences = [
    missing.length === 0
      ? allArrived(expected)
      : `${formatCount(received - unexpected.length)} of ${countOf(expected, 'expected object', 'expected objects')} arrived; ${formatCount(missing.length)} listed in the root’s __closure did not.`,
  ];
  if (damaged.length > 0) {
    const count = damaged.length;
    sentences.push(
      `${countOf(count, 'object is', 'objects are')} not valid JSON: ${pluralOf(count, 'its text', 'their texts')} arrived cut short or garbled, kept as received.`,
    );
  }
  if (danglingReferences.length > 0) {
    const count = danglingReferences.length;
    sentences.push(
      `${countOf(count, 'reference points', 'references point')} to ${pluralOf(count, 'an object', 'objects')} that did not arrive.`,
    );
  }
  if (duplicates.length > 0) {
    sentences.push(`${countOf(duplicates.length, 'object', 'objects')} arrived more than once.`);
  }
  if (unexpected.length > 0) {
    sentences.push(
      `${countOf(unexpected.length, 'object', 'objects')} arrived that the closure does not list.`,
    );
  }
  return sentences;
}

function allArrived(expected: number): string {
  if (expected === 1) return 'The root arrived; its __closure lists no other objects.';
  return `All ${formatCount(expected)} expected objects arrived (the root and ${formatCount(expected - 1)} listed in its __closure).`;
}

/**
 * Compares what a with-children answer should hold (the root and every id in its `__closure`) with
 * what arrived. The server skips descendants it lacks and repeats every line once per project that
 * stores the same root, so both are findings to show, not errors.
 *
 * Built for 100,000 objects on the main thread or in a worker: references are read from each
 * object's text (`referencedIdsInText`) rather than by parsing it.
 */
import type { LineRecord } from '../api/lines';
import { referencedIdsInText } from './references';

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
}

/**
 * @param root the parsed root object (its `id` and `__closure` are read)
 * @param records every received line in order of arrival, repeats included (`ObjectSet.records`)
 */
export function checkClosure(root: unknown, records: Iterable<LineRecord>): ClosureReport {
  const { id: rootId, closure } = readRoot(root);
  const counts = new Map<string, number>();
  const unexpected: string[] = [];
  const references: DanglingReference[] = [];
  for (const { id, raw } of records) {
    const count = counts.get(id);
    counts.set(id, (count ?? 0) + 1);
    if (count !== undefined) continue;
    if (id !== rootId && !closure.has(id)) unexpected.push(id);
    for (const to of referencedIdsInText(raw)) references.push({ from: id, to });
  }

  const missing = [...closure.keys()].filter((id) => !counts.has(id));
  missing.sort((a, b) => (closure.get(a) as number) - (closure.get(b) as number) || compare(a, b));
  const duplicates: ClosureReport['duplicates'] = [];
  for (const [id, count] of counts) if (count > 1) duplicates.push({ id, count });
  return {
    expected: 1 + closure.size,
    received: counts.size,
    missing,
    unexpected,
    duplicates,
    danglingReferences: references.filter(({ to }) => !counts.has(to)),
  };
}

function readRoot(root: unknown): { id: string | null; closure: Map<string, number> } {
  const object = typeof root === 'object' && root !== null ? (root as Record<string, unknown>) : {};
  const id = typeof object.id === 'string' ? object.id : null;
  const closure = new Map<string, number>();
  const listed = object.__closure;
  if (typeof listed === 'object' && listed !== null && !Array.isArray(listed)) {
    for (const [child, depth] of Object.entries(listed)) {
      closure.set(child, typeof depth === 'number' ? depth : Number.POSITIVE_INFINITY);
    }
  }
  return { id, closure };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

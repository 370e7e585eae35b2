import { beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../demo/generate.ts';
import { serializeJsonb } from '../../demo/jsonb.ts';
import type { LineRecord } from '../../src/bytes/lines';
import { compareSideOf } from '../../src/features/compare/compareSide';
import { compareVersions, type Comparison } from '../../src/features/compare/core/compareVersions';
import { ObjectSet } from '../../src/objects/set/objectSet';
import { appendRecords } from '../unit/support/objectSets';

const SEED = 'private-100000';
const SIZE = 100_000;
/** What the generator writes into the comments of the elements a variant changes. */
const VARIANT_COMMENT = '"Changed in the variant"';
const RECORDS_PER_BLOCK = 2_000;

interface Version {
  set: ObjectSet;
  /** The ids of the objects whose text holds the variant's comment. */
  commented: string[];
}

/**
 * A generated version loaded as the page loads it: root first, then the rest by id, as the demo
 * server streams them. The model itself is dropped once its lines are in the set.
 */
function load(variant?: string): Version {
  const { rootId, objects } = generateBuilding({ seed: SEED, size: SIZE, variant });
  const set = new ObjectSet();
  const commented: string[] = [];
  const ids = [rootId, ...[...objects.keys()].filter((id) => id !== rootId).sort()];
  for (let start = 0; start < ids.length; start += RECORDS_PER_BLOCK) {
    const records: LineRecord[] = ids.slice(start, start + RECORDS_PER_BLOCK).map((id) => {
      const raw = serializeJsonb(objects.get(id)!, id !== rootId);
      if (raw.includes(VARIANT_COMMENT)) commented.push(id);
      return { id, raw };
    });
    appendRecords(set, records);
  }
  set.finish();
  return { set, commented };
}

/** A side that notes every object whose text the comparison asks for. */
function readingSide(set: ObjectSet, read: Set<string>) {
  const side = compareSideOf(set);
  return { ...side, raw: (id: string) => (read.add(id), side.raw(id)) };
}

let first: Version;
let second: Version;
let comparison: Comparison;
const readFrom = new Set<string>();
const readTo = new Set<string>();

// Generating both versions takes minutes on a busy machine: longer than a hook's usual timeout.
beforeAll(() => {
  first = load();
  second = load('v2');
  comparison = compareVersions(readingSide(first.set, readFrom), readingSide(second.set, readTo));
}, 600_000);

describe('comparing two versions of the generated 100,000-object building', () => {
  it('counts the commented elements as changed, their ancestors as changed only below, and the rest as unchanged', () => {
    const shared = [...first.set.ids()].filter((id) => second.set.has(id)).length;
    expect(first.commented).toEqual([]);
    expect(second.commented.length).toBeGreaterThan(1_000);
    expect(comparison.counts).toEqual({
      added: 0,
      removed: 0,
      changed: second.commented.length,
      changedBelow: SIZE - shared - second.commented.length,
      unchanged: shared,
    });
    expect(comparison.matching.unreadable).toEqual({ from: [], to: [] });
    expect(comparison.changes).toHaveLength(SIZE - shared);
  });

  it('finds in each changed element the one parameter the variant changed, exactly as written', () => {
    const changed = comparison.pairs.filter((pair) => pair.diff.kind === 'changed');
    expect(changed.map((pair) => pair.to).sort()).toEqual([...second.commented].sort());
    const comments = ['parameters', 'ALL_MODEL_INSTANCE_COMMENTS'];
    for (const { via, diff } of changed) {
      expect(via).toBe('applicationId');
      // Inline objects carry ids of their own (hashes of their content), which change with it.
      expect(diff.ops.map((op) => op.path)).toEqual([
        ['parameters', 'id'],
        [...comments, 'id'],
        [...comments, 'value'],
      ]);
      expect(diff.ops[2]).toMatchObject({
        from: { kind: 'leaf', text: 'null' },
        to: { kind: 'leaf', text: VARIANT_COMMENT },
      });
    }
  });

  it('pairs the roots, and reads no object whose id both versions hold', () => {
    const root = comparison.pairs.find((pair) => pair.via === 'root');
    expect(root).toMatchObject({ from: first.set.rootId, to: second.set.rootId });
    expect(root?.diff.kind).toBe('changedBelow');
    expect([...readFrom].filter((id) => second.set.has(id))).toEqual([]);
    expect([...readTo].filter((id) => first.set.has(id))).toEqual([]);
    expect(readTo.size).toBe(SIZE - comparison.counts.unchanged);
  });
});

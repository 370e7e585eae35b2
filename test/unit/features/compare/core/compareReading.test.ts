import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareSteps,
  compareVersions,
  type SummarisedSide,
} from '../../../../../src/features/compare/core/compareVersions';
import { diffPair } from '../../../../../src/features/compare/core/diffPair';
import { detach, ref, side, type StoredObject } from '../../../support/compareModels';

function wall(applicationId: string, height: number) {
  return detach({ speckle_type: 'Objects.BuiltElements.Wall', applicationId, height });
}

/** A root as Speckle stores one: its elements, and the closure of every id below it. */
function root(elements: StoredObject[], closure: string) {
  const text = JSON.stringify({ speckle_type: 'Collection', elements: elements.map(ref) });
  const id = `${elements.map((element) => element.id.slice(0, 2)).join('')}`.padEnd(32, '0');
  return { id, text: `{"id":"${id}","__closure":${closure},${text.slice(1)}` };
}

/** The side, noting the id of every object whose text is read. */
function reading(version: SummarisedSide, reads: string[]): SummarisedSide {
  return { ...version, raw: (id) => (reads.push(id), version.raw(id)) };
}

describe('what comparing two versions reads', () => {
  it('never reads a root’s closure: a closure that is not JSON leaves the roots paired', () => {
    const [a, b] = [wall('a', 1), wall('a', 2)];
    const garbled = '{"0123": 1, "4567": not a depth}';
    const from = side([a, root([a], garbled)]);
    const to = side([b, root([b], garbled)]);
    const comparison = compareVersions(from, to);
    expect(comparison.matching.unreadable).toEqual({ from: [], to: [] });
    expect(comparison.pairs.map((pair) => [pair.via, pair.diff.kind])).toEqual([
      ['applicationId', 'changed'],
      ['root', 'changedBelow'],
    ]);
  });

  it('finds a text that is not JSON where it differs, and keeps that pair apart as unreadable', () => {
    const good = wall('a', 1);
    const broken = { id: 'b'.repeat(32), text: '{"applicationId":"a","height":1.}' };
    const comparison = compareVersions(side([good]), side([broken]));
    expect(comparison.matching.unreadable).toEqual({ from: [good.id], to: [broken.id] });
    expect(comparison.counts).toEqual({
      added: 0,
      removed: 0,
      changed: 0,
      changedBelow: 0,
      unchanged: 0,
    });
  });

  it('reads no object both versions hold, not even to tell a list of elements from chunks', () => {
    const walls = Array.from({ length: 5 }, (_, i) => wall(`w${i}`, i));
    const changed = wall('w3', 30);
    const after = walls.map((element, i) => (i === 3 ? changed : element));
    const [fromRoot, toRoot] = [root(walls, '{}'), root(after, '{}')];
    const reads: string[] = [];
    const comparison = compareVersions(
      reading(side([...walls, fromRoot]), reads),
      reading(side([...after, toRoot]), reads),
    );
    expect(comparison.counts).toMatchObject({ changed: 1, changedBelow: 1, unchanged: 4 });
    expect(new Set(reads)).toEqual(new Set([walls[3]!.id, changed.id, fromRoot.id, toRoot.id]));
  });

  it('reads one object a step, so that a page can run it in short slices', () => {
    const walls = Array.from({ length: 60 }, (_, i) => wall(`w${i}`, i));
    const after = walls.map((_, i) => wall(`w${i}`, i + 100));
    let reads = 0;
    const counting = (version: SummarisedSide): SummarisedSide => ({
      ...version,
      raw: (id) => ((reads += 1), version.raw(id)),
    });
    const steps = compareSteps(
      counting(side([...walls, root(walls, '{}')])),
      counting(side([...after, root(after, '{}')])),
    );
    const readsPerStep: number[] = [];
    for (let step = steps.next(); !step.done; step = steps.next()) {
      readsPerStep.push(reads);
      reads = 0;
    }
    expect(readsPerStep.reduce((sum, count) => sum + count, 0)).toBe(4 * 61);
    // A difference reads its pair: one object of each version.
    expect(Math.max(...readsPerStep)).toBe(2);
  });

  it('finds an object identical to itself laid out in other white space', () => {
    const context = {
      matchedTo: () => undefined,
      chunkFrom: () => undefined,
      chunkTo: () => undefined,
    };
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const diff = diffPair(JSON.stringify(object), JSON.stringify(object, null, 2), context);
        expect(diff).toEqual({ kind: 'identical', ops: [], below: [], chunks: [] });
      }),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { ObjectSummary } from '../../../src/objects/set/body';
import { itemsSoFar } from '../../../src/lib/readonlyList';
import { readTopLevelClosure } from '../../../src/bytes/topLevelFields';
import { loadedSet } from '../support/objectSets';
import {
  DepthTally,
  depthDistribution,
  LargestObjects,
  largestObjects,
  NO_TYPE_LABEL,
  summarizeTypes,
  TypeTally,
} from '../../../src/speckle/typeSummary';
import {
  brepFixture,
  generatedFixture,
  revitModelRoot,
  type FixtureObject,
} from '../support/speckleFixtures';

/** Summaries as the object set makes them while loading. */
function summariesOf(records: readonly FixtureObject[]): ObjectSummary[] {
  return [...itemsSoFar(loadedSet(records).summaries)];
}

function summary(id: string, speckleType: string, bytes: number): ObjectSummary {
  return { id, speckleType, bytes };
}

describe('summarizeTypes', () => {
  it('adds up a generated building by type, most objects first', () => {
    const records = generatedFixture(1000);
    const summaries = summariesOf(records);
    const totals = summarizeTypes(summaries);
    expect(totals.reduce((sum, { count }) => sum + count, 0)).toBe(1000);
    expect(totals.reduce((sum, { bytes }) => sum + bytes, 0)).toBe(
      summaries.reduce((sum, { bytes }) => sum + bytes, 0),
    );
    const counts = totals.map(({ count }) => count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const walls = totals.find(({ label }) => label === 'RevitWall');
    expect(walls).toMatchObject({
      speckleType: 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
      chain: ['Objects.BuiltElements.Wall', 'Objects.BuiltElements.Revit.RevitWall'],
      count: records.filter(({ parsed }) => String(parsed.speckle_type).endsWith('RevitWall'))
        .length,
    });
    expect(totals.map(({ label }) => label)).toContain('DataChunk');
  });

  it('adds up the real database dump: 9 breps, 12 meshes, 82 chunks', () => {
    const totals = summarizeTypes(summariesOf(brepFixture()));
    expect(totals.map(({ label, count }) => [label, count])).toEqual([
      ['DataChunk', 82],
      ['Mesh', 12],
      ['Brep', 9],
    ]);
  });

  it('lengthens labels only where short names clash', () => {
    const totals = summarizeTypes([
      summary('1', 'Objects.Geometry.Mesh', 10),
      summary('2', 'Objects.Other.Mesh', 10),
      summary('3', 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall', 10),
      summary('4', 'Objects.BuiltElements.Revit.RevitWall', 10),
      summary('5', 'Objects.Geometry.Brep', 10),
      summary('6', '', 10),
    ]);
    expect(
      Object.fromEntries(totals.map(({ speckleType, label }) => [speckleType, label])),
    ).toEqual({
      'Objects.Geometry.Mesh': 'Objects.Geometry.Mesh',
      'Objects.Other.Mesh': 'Objects.Other.Mesh',
      'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall':
        'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
      'Objects.BuiltElements.Revit.RevitWall': 'Objects.BuiltElements.Revit.RevitWall',
      'Objects.Geometry.Brep': 'Brep',
      '': NO_TYPE_LABEL,
    });
  });

  it('orders equal counts by bytes, then by type', () => {
    const totals = summarizeTypes([
      summary('1', 'B', 5),
      summary('2', 'A', 5),
      summary('3', 'C', 9),
      summary('4', 'D', 1),
      summary('5', 'D', 1),
    ]);
    expect(totals.map(({ speckleType }) => speckleType)).toEqual(['D', 'C', 'A', 'B']);
  });
});

describe('depthDistribution', () => {
  it('spreads the 8,873 descendants of the real Revit root over depths 1 to 8', () => {
    const root = revitModelRoot();
    const closure = root.parsed.__closure as Record<string, number>;
    const depths = depthDistribution(closure, () => false);
    expect(depths.map(({ depth }) => depth)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(depths.reduce((sum, { count }) => sum + count, 0)).toBe(8_873);
    for (const { depth, count, received } of depths) {
      expect(count).toBe(Object.values(closure).filter((d) => d === depth).length);
      expect(received).toBe(0);
    }
  });

  it('shows where the descendants missing from the real database dump sit', () => {
    const objects = brepFixture();
    const stored = new Set(objects.map(({ id }) => id));
    const brep = objects.find(({ parsed }) => parsed.speckle_type === 'Objects.Geometry.Brep');
    const closure = brep?.parsed.__closure as Record<string, number>;
    const depths = depthDistribution(closure, (id) => stored.has(id));
    for (const { depth, count, received } of depths) {
      const ids = Object.keys(closure).filter((id) => closure[id] === depth);
      expect(count).toBe(ids.length);
      expect(received).toBe(ids.filter((id) => stored.has(id)).length);
    }
    expect(depths.some(({ count, received }) => received !== count)).toBe(true);
  });

  it('leaves received unknown when not asked, and ignores what is not a depth', () => {
    expect(depthDistribution({ a: 2, b: 1, c: 2, d: -1, e: 'x', f: 1.5 })).toEqual([
      { depth: 1, count: 1, received: null },
      { depth: 2, count: 2, received: null },
    ]);
    expect(depthDistribution(undefined)).toEqual([]);
    expect(depthDistribution([1, 2])).toEqual([]);
  });
});

describe('largestObjects', () => {
  it('matches a full sort of a generated building', () => {
    const summaries = summariesOf(generatedFixture(1000));
    const sorted = [...summaries].sort((a, b) => b.bytes - a.bytes || (a.id < b.id ? -1 : 1));
    expect(largestObjects(summaries, 20)).toEqual(sorted.slice(0, 20));
    expect(largestObjects(summaries, 5000)).toEqual(sorted);
  });

  it('breaks ties by id and returns nothing for n = 0', () => {
    const summaries = [summary('b', 'T', 5), summary('a', 'T', 5), summary('c', 'T', 7)];
    expect(largestObjects(summaries, 2).map(({ id }) => id)).toEqual(['c', 'a']);
    expect(largestObjects(summaries, 0)).toEqual([]);
  });
});

describe('the tallies, fed one object at a time while a load runs', () => {
  it('agree with the one-pass functions at every point of a generated building', () => {
    const records = generatedFixture(1000);
    const summaries = summariesOf(records);
    const closure = readTopLevelClosure(
      new TextEncoder().encode((records[0] as FixtureObject).raw),
    );
    const types = new TypeTally();
    const depths = new DepthTally(closure);
    const largest = new LargestObjects(10);
    for (const [index, summary] of summaries.entries()) {
      types.add(summary);
      depths.add(summary.id);
      largest.add(summary);
      if (index % 250 !== 0 && index !== summaries.length - 1) continue;
      const arrived = summaries.slice(0, index + 1);
      const ids = new Set(arrived.map(({ id }) => id));
      expect(types.totals()).toEqual(summarizeTypes(arrived));
      expect(depths.distribution()).toEqual(
        depthDistribution((records[0] as FixtureObject).parsed.__closure, (id) => ids.has(id)),
      );
      expect(largest.list()).toEqual(largestObjects(arrived, 10));
    }
    expect(depths.distribution().every(({ count, received }) => count === received)).toBe(true);
  });

  it('hand out copies, so that a published result does not change under a view', () => {
    const depths = new DepthTally(new Map([['a', 1]]));
    const before = depths.distribution();
    depths.add('a');
    expect(before).toEqual([{ depth: 1, count: 1, received: 0 }]);
    expect(depths.distribution()).toEqual([{ depth: 1, count: 1, received: 1 }]);
    const largest = new LargestObjects(2);
    const empty = largest.list();
    largest.add(summary('x', 'T', 5));
    expect(empty).toEqual([]);
  });
});

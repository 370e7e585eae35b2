import { describe, expect, it } from 'vitest';
import {
  checkClosure,
  checkClosureInBatches,
  checkClosureSteps,
  type ClosureReport,
  type DanglingReference,
} from '../../../src/speckle/integrity';
import { referencedIds } from '../../../src/speckle/references';
import { readTopLevelClosure } from '../../../src/bytes/topLevelFields';
import { runNow } from '../../../src/lib/slices';
import {
  brepFixture,
  generatedFixture,
  responseFixture,
  revitModelRoot,
  type FixtureObject,
} from '../support/speckleFixtures';

/** Dangling references found by parsing every object: what the text reader must reproduce. */
function danglingByParsing(records: readonly FixtureObject[]): DanglingReference[] {
  const received = new Set(records.map(({ id }) => id));
  const seen = new Set<string>();
  const dangling: DanglingReference[] = [];
  for (const { id, parsed } of records) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const to of referencedIds(parsed)) if (!received.has(to)) dangling.push({ from: id, to });
  }
  return dangling;
}

function closureOf(object: FixtureObject): Record<string, number> {
  return (object.parsed.__closure ?? {}) as Record<string, number>;
}

describe('checkClosure', () => {
  it.each([
    ['revit-floor', responseFixture('revit-floor.objects.json')],
    ['blender-cube', responseFixture('blender-cube.objects.json')],
    ['a generated 1,000-object building', generatedFixture(1000)],
  ])('finds the complete %s complete', (_name, records) => {
    const [root] = records;
    expect(checkClosure(root?.parsed, records)).toEqual({
      expected: records.length,
      received: records.length,
      missing: [],
      unexpected: [],
      duplicates: [],
      danglingReferences: [],
      damaged: [],
    });
  });

  it('lists all 8,873 descendants of the real Revit root as missing when none were sent', () => {
    const root = revitModelRoot();
    const report = checkClosure(root.parsed, [root]);
    const closure = closureOf(root);
    expect(report.expected).toBe(8_874);
    expect(report.received).toBe(1);
    expect(report.missing).toHaveLength(8_873);
    expect(new Set(report.missing)).toEqual(new Set(Object.keys(closure)));
    // Shallowest first, then by id.
    const depths = report.missing.map((id) => closure[id] as number);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));
    expect(depths[0]).toBe(1);
    expect(depths.at(-1)).toBe(8);
    const firstDeep = depths.indexOf(2);
    const shallow = report.missing.slice(0, firstDeep);
    expect(shallow).toEqual([...shallow].sort());
    expect(report.danglingReferences).toEqual(danglingByParsing([root]));
    expect(report.danglingReferences.length).toBeGreaterThan(0);
  });

  it('finds the 110 descendants missing from the real brep database dump', () => {
    const stored = brepFixture();
    const byId = new Map(stored.map((object) => [object.id, object]));
    const missing = new Set<string>();
    for (const root of stored) {
      // What the server would send for this root: itself, then what it has of the closure by id.
      const children = Object.keys(closureOf(root))
        .sort()
        .flatMap((id) => byId.get(id) ?? []);
      const records = [root, ...children];
      const report = checkClosure(root.parsed, records);
      expect(report.received).toBe(records.length);
      expect(report.expected - report.received).toBe(report.missing.length);
      expect(report.unexpected).toEqual([]);
      expect(report.danglingReferences).toEqual(danglingByParsing(records));
      for (const id of report.missing) missing.add(id);
    }
    expect(missing.size).toBe(110);
  });

  it('counts every line of a root stored in two projects twice, without changing the rest', () => {
    const records = responseFixture('revit-floor.objects.json');
    const [root, ...children] = records;
    const report = checkClosure(root?.parsed, [root as FixtureObject, ...children, ...children]);
    expect(report.received).toBe(records.length);
    expect(report.duplicates).toEqual(children.map(({ id }) => ({ id, count: 2 })));
    expect(report.missing).toEqual([]);
    expect(report.danglingReferences).toEqual([]);
  });

  it('lists objects outside the closure as unexpected', () => {
    const records = responseFixture('blender-cube.objects.json');
    const stranger = brepFixture()[0] as FixtureObject;
    const report = checkClosure(records[0]?.parsed, [...records, stranger]);
    expect(report.unexpected).toEqual([stranger.id]);
    expect(report.danglingReferences).toEqual(danglingByParsing([...records, stranger]));
  });

  it('names the references to objects taken out of a generated building', () => {
    const records = generatedFixture(1000);
    const [root] = records;
    const closure = closureOf(root as FixtureObject);
    const removed = new Set(records.filter((_, index) => index % 97 === 5).map(({ id }) => id));
    const received = records.filter(({ id }) => !removed.has(id));
    const report = checkClosure(root?.parsed, received);
    expect(report.missing).toEqual(
      [...removed].sort(
        (a, b) => (closure[a] as number) - (closure[b] as number) || (a < b ? -1 : 1),
      ),
    );
    expect(report.danglingReferences).toEqual(danglingByParsing(received));
    expect(new Set(report.danglingReferences.map(({ to }) => to))).toEqual(removed);
  });

  it('expects only the root when it has no closure', () => {
    const raw = '{"id":"a","speckle_type":"Base"}';
    expect(checkClosure(JSON.parse(raw), [{ id: 'a', raw }])).toMatchObject({
      expected: 1,
      received: 1,
      missing: [],
    });
  });
});

describe('checkClosureSteps', () => {
  /** Runs the steps to the end, counting the yields. */
  function drain(steps: Generator<void, ClosureReport>): { report: ClosureReport; yields: number } {
    let yields = 0;
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return { report: step.value, yields };
      yields += 1;
    }
  }

  it('reports what checkClosure reports, from the closure read out of the text', () => {
    const records = generatedFixture(1000);
    const [root] = records as [FixtureObject];
    const received = records.filter((_, index) => index % 13 !== 4);
    const repeated = [...received, ...received.slice(1, 30)];
    const { report } = drain(
      checkClosureSteps(root.id, readTopLevelClosure(new TextEncoder().encode(root.raw)), repeated),
    );
    expect(report).toEqual(checkClosure(root.parsed, repeated));
    expect(report.missing.length).toBeGreaterThan(0);
    expect(report.duplicates).toHaveLength(29);
  });

  it('reports the same when the records come in batches, each batch run apart', async () => {
    const records = generatedFixture(1000);
    const [root] = records as [FixtureObject];
    // A dangling reference from a batch to an object in a later one is not dangling.
    const received = records.filter((_, index) => index % 7 !== 3).reverse();
    const closure = readTopLevelClosure(new TextEncoder().encode(root.raw));
    async function* batches() {
      for (let at = 0; at < received.length; at += 100) yield received.slice(at, at + 100);
    }
    let runs = 0;
    const report = await checkClosureInBatches(root.id, closure, batches(), (steps) => {
      runs += 1;
      return Promise.resolve(runNow(steps));
    });
    expect(report).toEqual(drain(checkClosureSteps(root.id, closure, received)).report);
    expect(report.danglingReferences.length).toBeGreaterThan(0);
    expect(runs).toBe(Math.ceil(received.length / 100) + 1);
  });

  it('yields after every record and every thousand closure ids', () => {
    const root = revitModelRoot();
    const { report, yields } = drain(
      checkClosureSteps(root.id, readTopLevelClosure(new TextEncoder().encode(root.raw)), [root]),
    );
    expect(report.missing).toHaveLength(8_873);
    // 1 record, 8 thousands of closure ids, one per depth bucket (8), 1 per thousand references.
    expect(yields).toBeGreaterThanOrEqual(1 + 8 + 8);
  });

  it('sorts a closure that is not in id order', () => {
    const closure = new Map([
      ['c', 2],
      ['b', 1],
      ['a', 2],
      ['d', 1],
    ]);
    const { report } = drain(checkClosureSteps('r', closure, [{ id: 'r', raw: '{"id":"r"}' }]));
    expect(report.missing).toEqual(['b', 'd', 'a', 'c']);
  });
});

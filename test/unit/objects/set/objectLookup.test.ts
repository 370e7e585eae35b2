import { describe, expect, it } from 'vitest';
import { parsedObjects, ReadLimitError } from '../../../../src/objects/set/objectLookup';
import { responseFixture } from '../../support/speckleFixtures';

function textsOf(records: ReadonlyArray<{ id: string; raw: string }>) {
  const byId = new Map(records.map((record) => [record.id, record.raw]));
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    raw(id: string) {
      reads += 1;
      return byId.get(id);
    },
    summary(id: string) {
      const raw = byId.get(id);
      if (raw === undefined) return undefined;
      return { speckleType: typeOf(raw), bytes: raw.length };
    },
  };
}

/** The object's own type; none for a line that is not JSON, as the set's index has it. */
function typeOf(raw: string): string {
  try {
    return (JSON.parse(raw) as { speckle_type: string }).speckle_type;
  } catch {
    return '';
  }
}

describe('parsedObjects', () => {
  it('parses an object the first time it is asked for, and only then', () => {
    const floor = responseFixture('revit-floor.objects.json');
    const texts = textsOf(floor);
    const objects = parsedObjects(texts);
    const mesh = floor.find((object) => object.raw.includes('Objects.Geometry.Mesh'))!;
    expect(objects.lookup(mesh.id)).toEqual(mesh.parsed);
    expect(objects.lookup(mesh.id)).toBe(objects.lookup(mesh.id));
    expect(texts.reads).toBe(1);
    expect(objects.lookup('0'.repeat(32))).toBeUndefined();
  });

  it('looks up within a budget of text, counting each time an object is asked for', () => {
    const floor = responseFixture('revit-floor.objects.json');
    const texts = textsOf(floor);
    const objects = parsedObjects(texts);
    const [first, second] = floor.filter((object) => object.raw.length > 1000);
    const budget = first!.raw.length * 2 + second!.raw.length - 1;
    const lookup = objects.lookupWithin(budget);
    expect(lookup(first!.id)).toEqual(first!.parsed);
    expect(lookup(first!.id)).toEqual(first!.parsed);
    // The next one would pass the budget: it is not read.
    const readsBefore = texts.reads;
    expect(() => lookup(second!.id)).toThrow(ReadLimitError);
    expect(texts.reads).toBe(readsBefore);
    // A new budget starts from nothing; an absent object costs nothing.
    expect(objects.lookupWithin(budget)(second!.id)).toEqual(second!.parsed);
    expect(objects.lookupWithin(0)('0'.repeat(32))).toBeUndefined();
  });

  it('titles objects by short type and name, and by type alone when they are big', () => {
    const floor = responseFixture('revit-floor.objects.json');
    const level = {
      id: 'l'.repeat(32),
      name: 'Level 1',
      speckle_type: 'Objects.BuiltElements.Level',
    };
    const objects = parsedObjects(
      textsOf([...floor, { id: level.id, raw: JSON.stringify(level) }]),
    );
    expect(objects.title(level.id)).toBe('Level Level 1');
    // Speckle titles geometry by its type.
    const mesh = floor.find((object) => object.raw.includes('Objects.Geometry.Mesh'))!;
    expect(objects.title(mesh.id)).toBe('Mesh');
    // Above 64 kB a title comes from the indexed type alone, without parsing the object.
    const big = { id: 'b'.repeat(32), name: 'Big', speckle_type: 'Base', data: 'x'.repeat(70_000) };
    const bigTexts = textsOf([{ id: big.id, raw: JSON.stringify(big) }]);
    const withBig = parsedObjects(bigTexts);
    expect(withBig.title(big.id)).toBe('Base');
    expect(bigTexts.reads).toBe(0);
    expect(withBig.lookup(big.id)).toEqual(big);
    expect(objects.title('0'.repeat(32))).toBeNull();
  });

  it('treats a line that is not JSON as absent rather than failing', () => {
    const objects = parsedObjects(textsOf([{ id: 'x', raw: '{"id":"x",' }]));
    expect(objects.lookup('x')).toBeUndefined();
  });
});

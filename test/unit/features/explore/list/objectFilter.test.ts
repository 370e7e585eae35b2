import { describe, expect, it } from 'vitest';
import {
  filterObjects,
  filterSteps,
  NO_FILTER,
} from '../../../../../src/features/explore/list/objectFilter';
import type { ObjectSummary } from '../../../../../src/objects/set/body';

const objects: ObjectSummary[] = [
  {
    id: 'c3',
    speckleType: 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
    bytes: 30,
  },
  { id: 'a1', speckleType: 'Objects.Geometry.Mesh', bytes: 500 },
  { id: 'b2', speckleType: 'Speckle.Core.Models.DataChunk', bytes: 500 },
  { id: 'd4', speckleType: 'Objects.Geometry.Mesh', bytes: 10 },
];
const ids = (list: readonly ObjectSummary[]) => list.map((object) => object.id);

describe('filterObjects', () => {
  it('keeps the received order and only the first `count` objects', () => {
    expect(
      ids(filterObjects(objects, 3, { speckleType: null, text: '', order: 'received' })),
    ).toEqual(['c3', 'a1', 'b2']);
  });

  it('matches ids and types, full or short, ignoring case', () => {
    expect(
      ids(filterObjects(objects, 4, { speckleType: null, text: 'MESH', order: 'received' })),
    ).toEqual(['a1', 'd4']);
    expect(
      ids(filterObjects(objects, 4, { speckleType: null, text: 'revitwall', order: 'received' })),
    ).toEqual(['c3']);
    expect(
      ids(filterObjects(objects, 4, { speckleType: null, text: ' b2 ', order: 'received' })),
    ).toEqual(['b2']);
    expect(
      filterObjects(objects, 4, { speckleType: null, text: 'nothing', order: 'received' }),
    ).toEqual([]);
  });

  it('sorts by short type, id or size (largest first), ties by id', () => {
    expect(ids(filterObjects(objects, 4, { speckleType: null, text: '', order: 'type' }))).toEqual([
      'b2',
      'a1',
      'd4',
      'c3',
    ]);
    expect(ids(filterObjects(objects, 4, { speckleType: null, text: '', order: 'id' }))).toEqual([
      'a1',
      'b2',
      'c3',
      'd4',
    ]);
    expect(ids(filterObjects(objects, 4, { speckleType: null, text: '', order: 'size' }))).toEqual([
      'a1',
      'b2',
      'c3',
      'd4',
    ]);
  });

  it('keeps exactly one full type, also the empty one, together with the text filter', () => {
    const withUntyped = [...objects, { id: 'e5', speckleType: '', bytes: 1 }];
    const only = (speckleType: string, text = '') =>
      ids(filterObjects(withUntyped, 5, { text, speckleType, order: 'received' }));
    expect(only('Objects.Geometry.Mesh')).toEqual(['a1', 'd4']);
    expect(only('Objects.Geometry.Mesh', 'd')).toEqual(['d4']);
    // Exactly: the short name or a part of the chain is not the type.
    expect(only('Objects.BuiltElements.Wall')).toEqual([]);
    expect(only('')).toEqual(['e5']);
    expect(
      ids(filterObjects(withUntyped, 5, { ...NO_FILTER, speckleType: '', order: 'id' })),
    ).toEqual(['e5']);
  });

  it('never reorders the list it was given', () => {
    filterObjects(objects, 4, { speckleType: null, text: '', order: 'id' });
    expect(ids(objects)).toEqual(['c3', 'a1', 'b2', 'd4']);
  });
});

describe('filterSteps on 100,000 objects', () => {
  const types = [
    'Objects.Geometry.Mesh',
    'Base',
    'Objects.BuiltElements.Wall:Objects.Revit.RevitWall',
  ];
  const many: ObjectSummary[] = Array.from({ length: 100_000 }, (_, index) => ({
    id: ((index * 2_654_435_761) % 2 ** 32).toString(16).padStart(32, '0'),
    speckleType: types[index % types.length]!,
    bytes: (index * 7_919) % 1_000,
  }));

  it('sorts like a plain sort, yielding every few thousand items', () => {
    const steps = filterSteps(many, many.length, { ...NO_FILTER, order: 'size' });
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;

    const expected = [...many].sort(
      (a, b) => b.bytes - a.bytes || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    expect(step.value).toEqual(expected);
    // One yield per 2,048 items filtered, sorted in runs and moved in each of the merge passes.
    expect(yields).toBeGreaterThan((many.length / 2_048) * 3);
  });

  it('orders by short type with each type ranked once, ties by id', () => {
    const sorted = filterObjects(many, many.length, { ...NO_FILTER, order: 'type' });

    const shortNames = sorted.map((object) => object.speckleType.split(/[.:]/).at(-1));
    expect(new Set(shortNames.slice(0, many.length / 3))).toEqual(new Set(['Base']));
    expect(shortNames.at(-1)).toBe('RevitWall');
    const bases = sorted.slice(0, 33_333).map((object) => object.id);
    expect(bases).toEqual([...bases].sort());
  });
});

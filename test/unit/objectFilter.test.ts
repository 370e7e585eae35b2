import { describe, expect, it } from 'vitest';
import { filterObjects, NO_FILTER } from '../../src/explorer/objectFilter';
import type { ObjectSummary } from '../../src/speckle/objectSet';

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

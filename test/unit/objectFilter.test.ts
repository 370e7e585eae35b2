import { describe, expect, it } from 'vitest';
import { filterObjects } from '../../src/explorer/objectFilter';
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
    expect(ids(filterObjects(objects, 3, { text: '', order: 'received' }))).toEqual([
      'c3',
      'a1',
      'b2',
    ]);
  });

  it('matches ids and types, full or short, ignoring case', () => {
    expect(ids(filterObjects(objects, 4, { text: 'MESH', order: 'received' }))).toEqual([
      'a1',
      'd4',
    ]);
    expect(ids(filterObjects(objects, 4, { text: 'revitwall', order: 'received' }))).toEqual([
      'c3',
    ]);
    expect(ids(filterObjects(objects, 4, { text: ' b2 ', order: 'received' }))).toEqual(['b2']);
    expect(filterObjects(objects, 4, { text: 'nothing', order: 'received' })).toEqual([]);
  });

  it('sorts by short type, id or size (largest first), ties by id', () => {
    expect(ids(filterObjects(objects, 4, { text: '', order: 'type' }))).toEqual([
      'b2',
      'a1',
      'd4',
      'c3',
    ]);
    expect(ids(filterObjects(objects, 4, { text: '', order: 'id' }))).toEqual([
      'a1',
      'b2',
      'c3',
      'd4',
    ]);
    expect(ids(filterObjects(objects, 4, { text: '', order: 'size' }))).toEqual([
      'a1',
      'b2',
      'c3',
      'd4',
    ]);
  });

  it('never reorders the list it was given', () => {
    filterObjects(objects, 4, { text: '', order: 'id' });
    expect(ids(objects)).toEqual(['c3', 'a1', 'b2', 'd4']);
  });
});

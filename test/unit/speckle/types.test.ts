import { describe, expect, it } from 'vitest';
import { shortTypeName, typeChain } from '../../../src/speckle/types';

const REVIT_FLOOR = 'Objects.BuiltElements.Floor:Objects.BuiltElements.Revit.RevitFloor';

describe('shortTypeName', () => {
  it.each([
    [REVIT_FLOOR, 'RevitFloor'],
    ['Speckle.Core.Models.DataChunk', 'DataChunk'],
    ['Objects.Geometry.Mesh', 'Mesh'],
    ['Base', 'Base'],
    ['reference', 'reference'],
    ['Objects.Other.', 'Other'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('shortens %j to %j', (speckleType, short) => {
    expect(shortTypeName(speckleType)).toBe(short);
  });
});

describe('typeChain', () => {
  it('lists the chain, most general first', () => {
    expect(typeChain(REVIT_FLOOR)).toEqual([
      'Objects.BuiltElements.Floor',
      'Objects.BuiltElements.Revit.RevitFloor',
    ]);
  });

  it.each([
    ['Base', ['Base']],
    ['', []],
    [undefined, []],
  ])('gives %j as %j', (speckleType, chain) => {
    expect(typeChain(speckleType)).toEqual(chain);
  });
});

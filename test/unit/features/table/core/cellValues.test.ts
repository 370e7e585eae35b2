import { describe, expect, it } from 'vitest';
import { readPath } from '../../../../../src/features/table/core/cellValues';
import { readRealFixture } from '../../../support/realFixtures';

const floorModel = JSON.parse(readRealFixture('revit-floor.objects.json').toString()) as Array<{
  id: string;
}>;
const floor = floorModel[0]!;
const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });

describe('a column read from a parsed object', () => {
  it('reads a Revit parameter by its name, with its value and units', () => {
    expect(readPath(floor, ['parameters', 'Thickness'])).toEqual([
      { text: '36.2', number: 36.2, unit: 'cm' },
    ]);
    // The same parameter by its key.
    expect(readPath(floor, ['parameters', 'FLOOR_ATTR_THICKNESS_PARAM'])).toEqual([
      { text: '36.2', number: 36.2, unit: 'cm' },
    ]);
  });

  it('gives a parameter without units none, and a null value as null', () => {
    expect(readPath(floor, ['parameters', 'Elevation at Top'])).toEqual([
      { text: 'null', number: null, unit: 'cm' },
    ]);
    expect(readPath(floor, ['parameters', 'IfcGUID'])).toEqual([
      { text: expect.any(String), number: null, unit: null },
    ]);
  });

  it('goes into a nested object and shows a number with the units of the object holding it', () => {
    expect(readPath(floor, ['level', 'name'])).toEqual([
      { text: 'Level 1', number: null, unit: null },
    ]);
    expect(readPath(floor, ['level', 'elevation'])).toEqual([{ text: '0', number: 0, unit: 'cm' }]);
    expect(readPath(floor, ['slope'])).toEqual([
      { text: '-0.20000000000000007', number: -0.20000000000000007, unit: 'cm' },
    ]);
  });

  it('stops at a reference on the way, naming the object and where the path goes on', () => {
    expect(readPath(floor, ['displayValue', 'units'])).toEqual([
      { pending: '9f9f7958ee36b2b582970b2153b96d05', from: 1 },
      { pending: '00d4a610a914f9dce457fad0260c3d73', from: 1 },
    ]);
    const mesh = floorModel.find(({ id }) => id === '9f9f7958ee36b2b582970b2153b96d05');
    expect(readPath(mesh, ['displayValue', 'units'], 1)).toEqual([
      { text: 'cm', number: null, unit: null },
    ]);
  });

  it('gives the id a path ending on a reference points to, and reads its referencedId', () => {
    const value = { level: ref('l1') };
    expect(readPath(value, ['level'])).toEqual([{ text: 'l1', number: null, unit: null }]);
    expect(readPath(value, ['level', 'referencedId'])).toEqual([
      { text: 'l1', number: null, unit: null },
    ]);
  });

  it('finds a key with Speckle’s @ and looks through arrays, in document order', () => {
    const value = {
      units: 'm',
      '@elements': [{ width: 1 }, [{ width: 2 }, { width: 'wide' }], { other: 3 }],
    };
    expect(readPath(value, ['elements', 'width'])).toEqual([
      { text: '1', number: 1, unit: null },
      { text: '2', number: 2, unit: null },
      { text: 'wide', number: null, unit: null },
    ]);
  });

  it('gives nothing for a path that ends on an object or leads nowhere', () => {
    expect(readPath(floor, ['outline'])).toEqual([]);
    expect(readPath(floor, ['no', 'such'])).toEqual([]);
    expect(readPath('text', ['length'])).toEqual([]);
  });

  it('reads a number held as text as a number', () => {
    expect(readPath({ units: 'mm', width: '3.50' }, ['width'])).toEqual([
      { text: '3.50', number: 3.5, unit: 'mm' },
    ]);
  });
});

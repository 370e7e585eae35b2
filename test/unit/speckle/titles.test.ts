import { describe, expect, it } from 'vitest';
import {
  displayKey,
  isInternalKey,
  objectTitle,
  revitParameters,
} from '../../../src/speckle/titles';
import { generatedFixture, responseFixture, revitModelRoot } from '../support/speckleFixtures';

describe('objectTitle', () => {
  const floor = responseFixture('revit-floor.objects.json');
  const byType = (end: string) =>
    floor.find(({ parsed }) => String(parsed.speckle_type).endsWith(end))?.parsed;

  it.each([
    [
      'a Revit element: short type, then category and type',
      byType('RevitFloor'),
      { title: 'RevitFloor', subtitle: 'Floors / Concrete-Commercial 362mm' },
    ],
    [
      'a Revit element type: family, then type and category',
      byType('RevitSymbolElementType'),
      { title: 'Floor Opening', subtitle: 'Floor Opening / Generic Models' },
    ],
    [
      'a Revit instance without family or type',
      byType('RevitInstance'),
      { title: 'RevitInstance', subtitle: 'Generic Models' },
    ],
    [
      'a Revit material, named but titled by type as Speckle does',
      byType('RevitMaterial'),
      { title: 'RevitMaterial', subtitle: 'Materials' },
    ],
  ])('names %s', (_case, object, expected) => {
    expect(objectTitle(object)).toEqual(expected);
  });

  it('names geometry by type, with the id below', () => {
    const mesh = byType('Mesh');
    expect(objectTitle(mesh)).toEqual({ title: 'Mesh', subtitle: mesh?.id });
  });

  it('names the real Revit model root and the Blender root', () => {
    expect(objectTitle(revitModelRoot().parsed)).toEqual({
      title: 'Revit model',
      subtitle: 'Collection',
    });
    const [blenderRoot] = responseFixture('blender-cube.objects.json');
    expect(objectTitle(blenderRoot?.parsed)).toEqual({ title: 'Base', subtitle: '' });
  });

  it('names generated doors by family and category, and levels by name', () => {
    const building = generatedFixture(1000);
    const door = building.find(({ parsed }) => parsed.category === 'Doors')?.parsed;
    expect(objectTitle(door)).toEqual({
      title: `${String(door?.family)} (Doors)`,
      subtitle: door?.type,
    });
    const level = building.find(({ parsed }) => parsed.collectionType === 'level')?.parsed;
    expect(objectTitle(level)).toEqual({ title: level?.name, subtitle: 'Collection' });
  });

  it.each([
    [
      'a family instance without family',
      { speckle_type: 'Objects.BuiltElements.Revit.FamilyInstance', category: 'Doors' },
      { title: 'Doors', subtitle: '' },
    ],
    [
      'a family instance without anything',
      { speckle_type: 'Objects.BuiltElements.Revit.FamilyInstance' },
      { title: 'FamilyInstance', subtitle: '' },
    ],
    [
      'an IFC object with a Name',
      { id: 'i', speckle_type: 'IFC.IfcWall', Name: 'Wall-01' },
      { title: 'Wall-01', subtitle: 'IfcWall' },
    ],
    [
      'an IFC object without a name',
      { id: 'i', speckle_type: 'IFC.IfcWall' },
      { title: 'IfcWall', subtitle: 'i' },
    ],
    [
      'a named Base',
      { speckle_type: 'Base', name: '  @Layer 1 ' },
      { title: 'Layer 1', subtitle: 'Base' },
    ],
    [
      'a blank name',
      { speckle_type: 'Objects.Other.Thing', name: '   ' },
      { title: 'Thing', subtitle: '' },
    ],
    ['an object without a type', { name: 'Loose' }, { title: 'Loose', subtitle: '' }],
    ['an object with nothing', {}, { title: 'Unnamed', subtitle: '' }],
    [
      'a name that is not text',
      { speckle_type: 'Base', name: 42 },
      { title: 'Base', subtitle: '' },
    ],
    ['not an object', 'text', { title: 'Unnamed', subtitle: '' }],
  ])('copes with %s', (_case, object, expected) => {
    expect(objectTitle(object)).toEqual(expected);
  });
});

describe('displayKey', () => {
  it.each([
    ['@elements', 'elements'],
    ['@Project Information', 'Project Information'],
    ['@@twice', '@twice'],
    ['@', '@'],
    ['a@b', 'a@b'],
    ['elements', 'elements'],
  ])('shows %j as %j', (key, shown) => {
    expect(displayKey(key)).toBe(shown);
  });
});

describe('isInternalKey', () => {
  it.each([
    ['__closure', true],
    ['totalChildrenCount', true],
    ['__anything', true],
    ['id', false],
    ['speckle_type', false],
    ['applicationId', false],
    ['_single', false],
  ])('%s → %s', (key, internal) => {
    expect(isInternalKey(key)).toBe(internal);
  });
});

describe('revitParameters', () => {
  it('reads every v2 parameter record of the real Revit floor', () => {
    const [floor] = responseFixture('revit-floor.objects.json');
    const parameters = floor?.parsed.parameters as Record<string, unknown>;
    const records = Object.entries(parameters).filter(
      ([, value]) => typeof value === 'object' && value !== null,
    );
    const rows = revitParameters(floor?.parsed);
    expect(rows.map(({ key }) => key)).toEqual(records.map(([key]) => key));
    expect(rows.find(({ key }) => key === 'HOST_AREA_COMPUTED')).toEqual({
      key: 'HOST_AREA_COMPUTED',
      name: 'Area',
      value: 24.527454725304192,
      units: 'm²',
      groups: [],
    });
    expect(rows.find(({ key }) => key === 'DOOR_COST')).toMatchObject({ units: '฿', value: null });
    expect(rows.find(({ key }) => key === 'IFC_GUID')).toMatchObject({
      name: 'IfcGUID',
      units: null,
    });
  });

  it('reads the parameters of a generated door', () => {
    const door = generatedFixture(1000).find(({ parsed }) => parsed.category === 'Doors');
    const rows = revitParameters(door?.parsed).map(({ name, units }) => [name, units]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Mark', null],
        ['Level', null],
        ['Width', 'm'],
        ['Height', 'm'],
        ['IfcGUID', null],
        ['Phase Created', null],
      ]),
    );
    expect(rows).toHaveLength(19);
  });

  it('reads v3 parameters with their groups, in document order', () => {
    const object = {
      speckle_type: 'Objects.Data.DataObject:Objects.Data.RevitObject',
      properties: {
        Parameters: {
          'Instance Parameters': {
            Dimensions: {
              Area: {
                name: 'Area',
                value: 12.5,
                units: 'Square meters',
                internalDefinitionName: 'HOST_AREA_COMPUTED',
              },
              Volume: { name: 'Volume', value: 3, units: '' },
            },
            'Identity Data': { Mark: { name: 'Mark', value: 'W-1' } },
          },
          'Type Parameters': { Construction: { Width: { name: 'Width', value: 0.2, units: 'm' } } },
        },
      },
    };
    expect(revitParameters(object)).toEqual([
      {
        key: 'Area',
        name: 'Area',
        value: 12.5,
        units: 'Square meters',
        groups: ['Instance Parameters', 'Dimensions'],
      },
      {
        key: 'Volume',
        name: 'Volume',
        value: 3,
        units: null,
        groups: ['Instance Parameters', 'Dimensions'],
      },
      {
        key: 'Mark',
        name: 'Mark',
        value: 'W-1',
        units: null,
        groups: ['Instance Parameters', 'Identity Data'],
      },
      {
        key: 'Width',
        name: 'Width',
        value: 0.2,
        units: 'm',
        groups: ['Type Parameters', 'Construction'],
      },
    ]);
  });

  it('finds none where there are none', () => {
    expect(revitParameters({ speckle_type: 'Base' })).toEqual([]);
    expect(revitParameters({ parameters: 'not a map' })).toEqual([]);
    expect(revitParameters(null)).toEqual([]);
  });
});

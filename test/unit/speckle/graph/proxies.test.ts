import { describe, expect, it } from 'vitest';
import {
  appliedTo,
  definitionFor,
  definitionIdOf,
  describeValue,
  readProxyLists,
  resolveNamed,
} from '../../../../src/speckle/graph/proxies';

const root = {
  id: 'root',
  speckle_type: 'Speckle.Core.Models.Collection',
  renderMaterialProxies: [
    { objects: ['wall-1', 'wall-2'], value: { name: 'Concrete' } },
    { Objects: ['wall-2'], value: { name: 'Brick' } },
    { objects: ['wall-1'] },
    { objects: ['wall-1'], value: null },
  ],
  colorProxies: [
    { objects: ['wall-1'], value: 0xff00ff00, name: 'green' },
    { objects: ['wall-1'], value: 'red' },
  ],
  levelProxies: [{ objects: ['wall-1', 'gone'], value: { name: 'Level 1', elevation: 0 } }],
  groupProxies: [
    { objects: ['wall-1'], name: 'A' },
    { objects: ['wall-1'], name: 'B' },
  ],
  instanceDefinitionProxies: [
    { referencedId: 'detached-def', speckle_type: 'reference' },
    { applicationId: 'def-1', objects: ['part'], name: 'Chair', maxDepth: 0 },
    { objects: ['part'], name: 'nameless' },
  ],
};

describe('readProxyLists', () => {
  const { proxies, detached } = readProxyLists(root, 'root');

  it('reads every list, in both spellings of objects, each with its place in the root', () => {
    const materials = proxies.filter((proxy) => proxy.kind === 'material');
    expect(materials.map((proxy) => proxy.targets)).toEqual([
      ['wall-1', 'wall-2'],
      ['wall-2'],
      ['wall-1'],
      ['wall-1'],
    ]);
    expect(materials[1]).toMatchObject({
      holder: 'root',
      path: ['renderMaterialProxies', 1],
      order: 1,
      name: 'Brick',
    });
    expect(proxies.filter((proxy) => proxy.kind === 'group').map((proxy) => proxy.name)).toEqual([
      'A',
      'B',
    ]);
  });

  it('marks what the viewer passes over, a value null as one missing', () => {
    const ignored = proxies
      .filter((proxy) => proxy.ignored)
      .map((proxy) => [proxy.kind, proxy.ignored]);
    expect(ignored).toEqual([
      ['material', 'it has no value'],
      ['material', 'it has no value'],
      ['colour', 'its value is not a number'],
      ['definition', 'it has no applicationId, so no instance can use it'],
    ]);
  });

  it('lists the detached proxies to read', () => {
    expect(detached).toEqual([{ kind: 'definition', order: 0, id: 'detached-def' }]);
  });

  it('reads nothing from a value without lists', () => {
    expect(readProxyLists([1, 2], 'x')).toEqual({ proxies: [], detached: [] });
  });
});

describe('appliedTo', () => {
  const { proxies } = readProxyLists(root, 'root');

  it('applies the later of two material proxies, as the viewer does', () => {
    const materials = appliedTo('wall-2', proxies).filter(({ proxy }) => proxy.kind === 'material');
    expect(materials.map(({ proxy, overridden }) => [proxy.name, overridden])).toEqual([
      ['Concrete', true],
      ['Brick', false],
    ]);
  });

  it('does not let an ignored proxy win, and lists every kind in order', () => {
    const applied = appliedTo('wall-1', proxies);
    expect(applied.map(({ proxy, overridden }) => [proxy.kind, proxy.name, overridden])).toEqual([
      ['material', 'Concrete', false],
      ['material', null, false],
      ['material', null, false],
      ['colour', 'green', false],
      ['colour', null, false],
      ['level', 'Level 1', false],
      ['group', 'A', false],
      ['group', 'B', false],
    ]);
  });

  it('finds nothing for an applicationId no proxy names', () => {
    expect(appliedTo('nobody', proxies)).toEqual([]);
  });
});

describe('instances and definitions', () => {
  const { proxies } = readProxyLists(root, 'root');

  it('reads definitionId in both spellings', () => {
    expect(definitionIdOf({ definitionId: 'def-1' })).toBe('def-1');
    expect(definitionIdOf({ DefinitionId: 'def-2' })).toBe('def-2');
    expect(definitionIdOf({ transform: [] })).toBeNull();
  });

  it('finds the definition by its applicationId', () => {
    expect(definitionFor('def-1', proxies)?.name).toBe('Chair');
    expect(definitionFor('def-9', proxies)).toBeNull();
  });
});

describe('resolveNamed', () => {
  it('resolves each applicationId, leaving the missing ones without objects', () => {
    const objects = new Map([['wall-1', ['a1', 'a2']]]);
    expect(resolveNamed(['wall-1', 'gone'], (id) => objects.get(id) ?? [])).toEqual([
      { applicationId: 'wall-1', ids: ['a1', 'a2'] },
      { applicationId: 'gone', ids: [] },
    ]);
  });
});

describe('describeValue', () => {
  it('writes a colour as ARGB hex, a material or level by its name', () => {
    expect(describeValue({ kind: 'colour', value: -16711936 })).toBe('#FF00FF00');
    expect(describeValue({ kind: 'material', value: { name: 'Brick' } })).toBe('Brick');
    expect(describeValue({ kind: 'material', value: undefined })).toBe('no value');
    expect(
      describeValue({
        kind: 'level',
        value: { referencedId: 'abcdef0123', speckle_type: 'reference' },
      }),
    ).toBe('object abcdef01');
  });
});

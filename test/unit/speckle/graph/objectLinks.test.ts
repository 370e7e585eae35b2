import { describe, expect, it } from 'vitest';
import {
  LINK_BY,
  ObjectLinksBuilder,
  type ObjectLinksIndex,
} from '../../../../src/speckle/graph/objectLinks';

const encoder = new TextEncoder();
const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });

/** A small v3 model: a root with inline proxies, a detached one, walls, an instance, a definition. */
const objects: Array<Record<string, unknown>> = [
  {
    id: 'root',
    speckle_type: 'Speckle.Core.Models.Collection',
    elements: [ref('wall1'), ref('wall2'), ref('instance')],
    renderMaterialProxies: [
      { objects: ['app-wall1', 'app-wall2'], value: { name: 'Concrete' } },
      { objects: ['app-wall2', 'app-ghost'], value: ref('brick') },
    ],
    levelProxies: [ref('levelProxy')],
    instanceDefinitionProxies: [
      { applicationId: 'def-chair', Objects: ['app-leg'], name: 'Chair' },
    ],
    __closure: { wall1: 1, wall2: 1, instance: 1, brick: 1, levelProxy: 1, leg: 1, mesh: 2 },
  },
  {
    id: 'wall1',
    speckle_type: 'Objects.BuiltElements.Wall',
    applicationId: 'app-wall1',
    displayValue: [ref('mesh')],
    __closure: { mesh: 1 },
  },
  { id: 'wall2', speckle_type: 'Objects.BuiltElements.Wall', applicationId: 'app-wall2' },
  { id: 'mesh', speckle_type: 'Objects.Geometry.Mesh', vertices: [0, 0, 0] },
  { id: 'brick', speckle_type: 'Objects.Other.RenderMaterial', name: 'Brick' },
  {
    id: 'levelProxy',
    speckle_type: 'Objects.Other.LevelProxy',
    objects: ['app-wall1'],
    value: { name: 'Level 2' },
  },
  {
    id: 'instance',
    speckle_type: 'Speckle.Core.Models.Instances.InstanceProxy',
    applicationId: 'app-instance',
    DefinitionId: 'def-chair',
    transform: [],
  },
  { id: 'leg', speckle_type: 'Objects.Geometry.Mesh', applicationId: 'app-leg' },
];

function build(list = objects): ObjectLinksIndex {
  const builder = new ObjectLinksBuilder();
  for (const object of list)
    builder.add(object.id as string, encoder.encode(JSON.stringify(object)));
  return builder.finish();
}

describe('ObjectLinksIndex.referrers', () => {
  const index = build();

  it('lists who points by reference and by closure, each once with every way', () => {
    expect(index.referrers('mesh')).toEqual([
      { id: 'root', by: LINK_BY.closure },
      { id: 'wall1', by: LINK_BY.reference | LINK_BY.closure },
    ]);
  });

  it('lists proxies, inline (their holder) and detached, by applicationId', () => {
    expect(index.referrers('wall1')).toEqual([
      { id: 'root', by: LINK_BY.reference | LINK_BY.closure | LINK_BY.proxy },
      { id: 'levelProxy', by: LINK_BY.proxy },
    ]);
  });

  it('lists an instance for the objects of its definition', () => {
    expect(index.referrers('leg')).toEqual([
      { id: 'root', by: LINK_BY.closure | LINK_BY.proxy },
      { id: 'instance', by: LINK_BY.instance },
    ]);
  });

  it('has nobody for the root, nor for an id nothing names', () => {
    expect(index.referrers('root')).toEqual([]);
    expect(index.referrers('nowhere')).toEqual([]);
  });

  it('lists who points at an object that did not arrive', () => {
    const partial = build(objects.filter(({ id }) => id !== 'mesh'));
    expect(partial.referrers('mesh').map(({ id }) => id)).toEqual(['root', 'wall1']);
    expect(partial.size).toBe(objects.length - 1);
  });

  it('reads every closure of an object, a nested reference’s too, and no key inside a string', () => {
    const nested = build([
      {
        id: 'holder',
        note: 'text with "__closure": {"fake": 1} in it',
        child: { referencedId: 'kid', speckle_type: 'reference', __closure: { grandkid: 1 } },
      },
      { id: 'kid' },
      { id: 'grandkid' },
      { id: 'fake' },
    ]);
    expect(nested.referrers('grandkid')).toEqual([{ id: 'holder', by: LINK_BY.closure }]);
    expect(nested.referrers('fake')).toEqual([]);
  });

  it('reads targets that arrive after the objects naming them', () => {
    const reversed = build([...objects].reverse());
    expect(
      reversed
        .referrers('mesh')
        .map(({ id }) => id)
        .sort(),
    ).toEqual(['root', 'wall1']);
  });
});

describe('ObjectLinksIndex.about', () => {
  const index = build();

  it('says what applies to an object through proxies, the later material winning', () => {
    const { applied } = index.about('wall2');
    expect(
      applied.map(({ kind, value, overridden, holder, path }) => [
        kind,
        value,
        overridden,
        holder,
        path,
      ]),
    ).toEqual([
      ['material', 'Concrete', true, 'root', ['renderMaterialProxies', 0]],
      ['material', 'object brick', false, 'root', ['renderMaterialProxies', 1]],
    ]);
    expect(applied[1]!.valueAt).toEqual({ id: 'brick', path: [] });
    expect(applied[0]!.valueAt).toEqual({
      id: 'root',
      path: ['renderMaterialProxies', 0, 'value'],
    });
  });

  it('reads a detached proxy with its list kind', () => {
    const level = index.about('wall1').applied.find(({ kind }) => kind === 'level');
    expect(level).toMatchObject({ holder: 'levelProxy', path: [], value: 'Level 2' });
  });

  it('resolves the proxies a root holds, marking the applicationIds no object has', () => {
    const [concrete, brick, chair] = index.about('root').proxies;
    expect(concrete!.named).toEqual([
      { applicationId: 'app-wall1', ids: ['wall1'] },
      { applicationId: 'app-wall2', ids: ['wall2'] },
    ]);
    expect(brick).toMatchObject({
      missing: 1,
      named: [{ ids: ['wall2'] }, { applicationId: 'app-ghost', ids: [] }],
    });
    expect(chair).toMatchObject({ kind: 'definition', name: 'Chair' });
  });

  it('gives an instance its definition and the definition’s objects', () => {
    expect(index.about('instance').instance).toMatchObject({
      definitionId: 'def-chair',
      definition: {
        name: 'Chair',
        named: [{ applicationId: 'app-leg', ids: ['leg'] }],
        missing: 0,
      },
    });
  });

  it('says so when an instance names a definition that is not there', () => {
    const lonely = build([
      {
        id: 'i',
        speckle_type: 'Speckle.Core.Models.Instances.InstanceProxy',
        definitionId: 'nope',
      },
    ]);
    expect(lonely.about('i').instance).toEqual({ definitionId: 'nope', definition: null });
  });

  it('reads a detached proxy as the proxy it holds', () => {
    expect(index.about('levelProxy').proxies).toMatchObject([
      { kind: 'level', named: [{ ids: ['wall1'] }] },
    ]);
  });
});

describe('ObjectLinksIndex: which applicationIds resolve', () => {
  it('reads an object’s own applicationId, not one nested inline, nor an empty one', () => {
    const index = build([
      {
        id: 'root',
        levelProxies: [{ objects: ['wall', 'inline-level', ''], value: { name: 'Level 1' } }],
      },
      {
        id: 'wall',
        applicationId: 'wall',
        level: { id: 'level', applicationId: 'inline-level', speckle_type: 'Base' },
      },
      { id: 'blank', applicationId: '' },
    ]);
    expect(index.objectsWith('wall')).toEqual(['wall']);
    expect(index.objectsWith('inline-level')).toEqual([]);
    expect(index.objectsWith('')).toEqual([]);
    expect(index.about('root').proxies[0]).toMatchObject({ missing: 2 });
  });
});

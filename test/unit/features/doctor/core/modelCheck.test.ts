import { describe, expect, it } from 'vitest';
import { ModelCheck } from '../../../../../src/features/doctor/core/modelCheck';
import type { DoctorReport } from '../../../../../src/features/doctor/core/report';
import type { RuleId } from '../../../../../src/features/doctor/core/rules';

type Json = Record<string, unknown>;

const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });
const chunk = (id: string, data: unknown[]) => ({
  id,
  data,
  speckle_type: 'Speckle.Core.Models.DataChunk',
});
const BOX = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0];
const QUADS = [4, 0, 1, 2, 3];

function mesh(id: string, fields: Json = {}): Json {
  return {
    id,
    units: 'm',
    vertices: BOX,
    faces: QUADS,
    colors: [],
    speckle_type: 'Objects.Geometry.Mesh',
    ...fields,
  };
}

/** A root listing `children` in its closure and elements, with `fields` beside. */
function root(children: readonly Json[], fields: Json = {}): Json {
  return {
    id: 'root',
    elements: children.map((child) => ref(String(child.id))),
    speckle_type: 'Speckle.Core.Models.Collection',
    __closure: Object.fromEntries(children.map((child) => [child.id, 1])),
    ...fields,
  };
}

function check(objects: readonly Json[], rootId: string | null = 'root'): DoctorReport {
  const doctor = new ModelCheck(rootId);
  for (const object of objects) doctor.addText(String(object.id), JSON.stringify(object));
  return doctor.report();
}

/** Each rule that found something, with the ids of the objects it concerns. */
function found(report: DoctorReport): Partial<Record<RuleId, string[]>> {
  return Object.fromEntries(
    report.findings.map((finding) => [finding.rule, finding.items.map((item) => item.id)]),
  );
}

const element = (id: string, applicationId: string, display?: string[]) => ({
  id,
  applicationId,
  speckle_type: 'Objects.Data.DataObject',
  ...(display && { displayValue: display.map(ref) }),
});

describe('ModelCheck: references and the closure', () => {
  it('finds nothing in a whole model', () => {
    const box = mesh('box');
    const report = check([root([box]), box]);
    expect(report.findings).toEqual([]);
    expect(report.healthy.references).toEqual({ total: 1, resolved: 1 });
    expect(report.healthy.meshes).toEqual({ total: 1, checked: 1 });
  });

  it('finds references and closure entries that did not arrive, and objects outside the closure', () => {
    const holder = { id: 'holder', speckle_type: 'Base', child: ref('gone'), other: ref('away') };
    const stray = { id: 'stray', speckle_type: 'Base' };
    const model = root([holder], { __closure: { holder: 1, gone: 2 } });
    expect(found(check([model, holder, stray]))).toEqual({
      'reference-not-received': ['holder', 'holder'],
      'closure-not-received': ['gone'],
      'not-in-closure': ['stray'],
    });
  });

  it('holds no object against a closure when the root did not arrive', () => {
    expect(found(check([{ id: 'a', speckle_type: 'Base' }], 'root'))).toEqual({});
  });

  it('reports an object whose text is not JSON', () => {
    const doctor = new ModelCheck(null);
    doctor.addText('cut', '{"id":"cut","speckle_');
    expect(found(doctor.report())).toEqual({ 'object-not-json': ['cut'] });
  });
});

describe('ModelCheck: proxies', () => {
  const wall = element('wall', 'wall-app');
  const door = element('door', 'door-app');
  const material = (objects: unknown, value: unknown = { name: 'Concrete' }) => ({
    objects,
    value,
    speckle_type: 'Objects.Other.RenderMaterialProxy',
  });

  it('resolves each kind of proxy by applicationId, and counts what resolved', () => {
    const report = check([
      root([wall, door], {
        renderMaterialProxies: [material(['wall-app', 'door-app'])],
        colorProxies: [{ objects: ['wall-app'], value: -16776961, name: 'Blue' }],
        levelProxies: [{ objects: ['wall-app', 'door-app'], value: { name: 'Level 1' } }],
        groupProxies: [{ Objects: ['door-app'], name: 'Doors' }],
      }),
      wall,
      door,
    ]);
    expect(report.findings).toEqual([]);
    expect(
      report.healthy.proxies.map(({ kind, proxies, targets, resolved }) => [
        kind,
        proxies,
        targets,
        resolved,
      ]),
    ).toEqual([
      ['material', 1, 2, 2],
      ['colour', 1, 1, 1],
      ['level', 1, 2, 2],
      ['group', 1, 1, 1],
    ]);
  });

  it('finds missing targets, empty proxies, missing values and colours that are not numbers', () => {
    const report = check([
      root([wall], {
        renderMaterialProxies: [
          material(['wall-app', 'nobody']),
          material([]),
          material(['wall-app'], null),
          { objects: ['wall-app'], speckle_type: 'Objects.Other.RenderMaterialProxy' },
        ],
        colorProxies: [{ objects: ['wall-app'], value: 'red' }, { objects: ['wall-app'] }],
        levelProxies: [{ objects: ['wall-app'] }],
        groupProxies: [{ name: 'Nothing' }],
      }),
      wall,
    ]);
    expect(found(report)).toEqual({
      'proxy-target-missing': ['root'],
      'proxy-without-targets': ['root', 'root'],
      'proxy-without-value': ['root', 'root', 'root'],
      'color-not-number': ['root', 'root'],
    });
    expect(report.findings[0]?.items[0]?.note).toContain('nobody');
  });

  it('names where in the root an inline proxy sits, and selects it there', () => {
    const report = check([
      root([wall], {
        renderMaterialProxies: [material(['wall-app']), material(['wall-app'], null)],
        colorProxies: [{ objects: ['wall-app'], value: 'red', name: 'Red' }],
        groupProxies: [{ name: 'Nothing' }],
        instanceDefinitionProxies: [{ objects: ['wall-app'], name: 'Anonymous' }],
      }),
      wall,
    ]);
    const items = Object.fromEntries(report.findings.map(({ rule, items }) => [rule, items]));
    expect(items).toEqual({
      'proxy-without-value': [
        {
          id: 'root',
          path: ['renderMaterialProxies', 1],
          note: 'renderMaterialProxies[1] has the value null',
        },
      ],
      'color-not-number': [
        {
          id: 'root',
          path: ['colorProxies', 0],
          note: 'colorProxies[0] “Red” has the value "red"',
        },
      ],
      'proxy-without-targets': [
        {
          id: 'root',
          path: ['groupProxies', 0],
          note: 'groupProxies[0] “Nothing” names no objects',
        },
      ],
      'definition-without-application-id': [
        {
          id: 'root',
          path: ['instanceDefinitionProxies', 0],
          note: 'instanceDefinitionProxies[0] “Anonymous” has no applicationId',
        },
      ],
    });
  });

  it('finds an object claimed by two material or colour proxies, not by two of different kinds', () => {
    const report = check([
      root([wall, door], {
        renderMaterialProxies: [
          material(['wall-app']),
          material(['wall-app', 'door-app'], { name: 'Brick' }),
        ],
        colorProxies: [
          { objects: ['door-app'], value: 1, name: 'Red' },
          { objects: ['door-app'], value: 2, name: 'Blue' },
        ],
        groupProxies: [{ objects: ['wall-app'] }, { objects: ['wall-app'] }],
      }),
      wall,
      door,
    ]);
    expect(found(report)).toEqual({ 'claimed-twice': ['wall', 'door'] });
    const [wallNote, doorNote] = report.findings[0]!.items.map(({ note }) => note);
    expect(wallNote).toBe(
      'material of wall-app: renderMaterialProxies[0] “Concrete”, then renderMaterialProxies[1] “Brick”; the viewer applies renderMaterialProxies[1] “Brick”',
    );
    expect(doorNote).toContain(
      'colour of door-app: colorProxies[0] “Red”, then colorProxies[1] “Blue”',
    );
  });

  it('finds an object on two levels, without saying the viewer keeps one', () => {
    const report = check([
      root([wall], {
        levelProxies: [
          { objects: ['wall-app'], value: { name: 'Level 1' } },
          { objects: ['wall-app'], value: { name: 'Level 2' } },
        ],
      }),
      wall,
    ]);
    expect(found(report)).toEqual({ 'claimed-twice': ['wall'] });
    const [finding] = report.findings;
    expect(finding!.items[0]!.note).toBe(
      'level of wall-app: both levelProxies[0] “Level 1” and levelProxies[1] “Level 2”',
    );
    // What the explanation says of levels claims nothing of the viewer keeping one.
    const levels = finding!.explanation.slice(finding!.explanation.indexOf('Levels'));
    expect(levels).toMatch(/^Levels Speckle’s web viewer does not read/);
    expect(levels).not.toMatch(/keeps|last|applies/);
  });

  it('does not hold one proxy naming an object twice against itself', () => {
    const report = check([
      root([wall], {
        renderMaterialProxies: [material(['wall-app', 'wall-app'])],
        colorProxies: [{ objects: ['wall-app', 'wall-app'], value: 1 }],
        levelProxies: [{ objects: ['wall-app', 'wall-app'], value: { name: 'Level 1' } }],
      }),
      wall,
    ]);
    expect(found(report)).toEqual({});
  });

  it('reads a proxy the root lists as a reference, and links its findings to the proxy’s own object', () => {
    const ghost = { id: 'ghost-proxy', ...material(['nobody']) };
    const empty = { id: 'empty-proxy', ...material([], null) };
    const red = {
      id: 'red-proxy',
      objects: ['wall-app'],
      value: 'red',
      speckle_type: 'ColorProxy',
    };
    const table = {
      id: 'table-proxy',
      objects: ['wall-app'],
      name: 'Table',
      speckle_type: 'Speckle.Core.Models.Instances.InstanceDefinitionProxy',
    };
    const lamp = { ...table, id: 'lamp-proxy', name: 'Lamp', applicationId: 'lamp' };
    const stored = [ghost, empty, red, table, lamp];
    const report = check([
      root([wall, ...stored], {
        renderMaterialProxies: [ref('ghost-proxy'), ref('empty-proxy')],
        colorProxies: [ref('red-proxy')],
        instanceDefinitionProxies: [ref('table-proxy'), ref('lamp-proxy')],
      }),
      wall,
      ...stored,
    ]);
    const items = Object.fromEntries(report.findings.map(({ rule, items }) => [rule, items]));
    expect(items).toEqual({
      'proxy-target-missing': [
        {
          id: 'ghost-proxy',
          note: 'renderMaterialProxies[0] “Concrete” names nobody, which no object has',
        },
      ],
      'proxy-without-targets': [
        { id: 'empty-proxy', note: 'renderMaterialProxies[1] names no objects' },
      ],
      'proxy-without-value': [
        { id: 'empty-proxy', note: 'renderMaterialProxies[1] has the value null' },
      ],
      'color-not-number': [{ id: 'red-proxy', note: 'colorProxies[0] has the value "red"' }],
      'definition-without-application-id': [
        { id: 'table-proxy', note: 'instanceDefinitionProxies[0] “Table” has no applicationId' },
      ],
      'definition-unused': [
        {
          id: 'lamp-proxy',
          note: 'instanceDefinitionProxies[1] “Lamp”, definition lamp, is placed by no instance',
        },
      ],
    });
  });

  it('finds a proxy the root lists as a reference that did not arrive', () => {
    const report = check([root([wall], { colorProxies: [ref('gone-proxy')] }), wall]);
    expect(report.findings.map(({ rule, items }) => [rule, items])).toEqual([
      ['reference-not-received', [{ id: 'root', note: 'refers to gone-proxy' }]],
    ]);
    expect(report.healthy.proxies).toEqual([
      { kind: 'colour', key: 'colorProxies', proxies: 0, targets: 0, resolved: 0 },
    ]);
  });

  it('names a detached proxy by its object in a note about the object it claims', () => {
    const brick = { id: 'brick-proxy', ...material(['wall-app'], { name: 'Brick' }) };
    const report = check([
      root([wall, brick], { renderMaterialProxies: [material(['wall-app']), ref('brick-proxy')] }),
      wall,
      brick,
    ]);
    expect(report.findings[0]!.items).toEqual([
      {
        id: 'wall',
        note: 'material of wall-app: renderMaterialProxies[0] “Concrete”, then renderMaterialProxies[1] “Brick” (object brick-proxy); the viewer applies renderMaterialProxies[1] “Brick” (object brick-proxy)',
      },
    ]);
  });

  it('resolves applicationIds of received objects only, not of objects nested inline in them', () => {
    const holder = {
      ...element('holder', 'holder-app'),
      level: {
        id: 'inline-level',
        applicationId: 'level-app',
        speckle_type: 'Objects.BuiltElements.Level',
      },
    };
    const blank = element('blank', '');
    const report = check([
      root([holder, blank], {
        levelProxies: [{ objects: ['holder-app', 'level-app', ''], value: {} }],
      }),
      holder,
      blank,
    ]);
    expect(report.findings[0]!.items.map(({ note }) => note)).toEqual([
      'levelProxies[0] names level-app, which no object has',
      'levelProxies[0] names , which no object has',
    ]);
  });
});

describe('ModelCheck: applicationIds, definitions and instances', () => {
  const instance = (id: string, fields: Json) => ({
    id,
    transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    speckle_type: 'Speckle.Core.Models.Instances.InstanceProxy',
    ...fields,
  });
  const definition = (applicationId: string | null, objects: string[]) => ({
    name: `definition ${applicationId}`,
    objects,
    applicationId,
    speckle_type: 'Speckle.Core.Models.Instances.InstanceDefinitionProxy',
  });

  it('finds different objects sharing an applicationId, not the parts of one object', () => {
    const a = element('a', 'same');
    const b = element('b', 'same');
    const withParts = {
      ...element('c', 'own'),
      userStrings: { id: 'part', applicationId: 'own', speckle_type: 'Base' },
    };
    expect(found(check([root([a, b, withParts]), a, b, withParts]))).toEqual({
      'duplicate-application-id': ['a', 'b'],
    });
  });

  it('resolves instances to definitions, and finds those that cannot be', () => {
    const seat = element('seat', 'seat-app');
    const placed = instance('placed', { applicationId: 'i1', definitionId: 'chair' });
    const capitalised = instance('capitalised', { applicationId: 'i2', DefinitionId: 'chair' });
    const nameless = instance('nameless', { definitionId: 'chair' });
    const noDefinition = instance('no-definition', { applicationId: 'i3' });
    const elsewhere = instance('elsewhere', { applicationId: 'i4', definitionId: 'sofa' });
    const objects = [seat, placed, capitalised, nameless, noDefinition, elsewhere];
    const report = check([
      root(objects, {
        instanceDefinitionProxies: [
          definition('chair', ['seat-app']),
          definition(null, ['seat-app']),
          definition('lamp', ['shade-app']),
        ],
      }),
      ...objects,
    ]);
    expect(found(report)).toEqual({
      'proxy-target-missing': ['root'],
      'definition-without-application-id': ['root'],
      'instance-without-application-id': ['nameless'],
      'instance-without-definition-id': ['no-definition'],
      'instance-definition-missing': ['elsewhere'],
      'definition-unused': ['root'],
    });
    expect(report.healthy.instances).toEqual({ total: 5, resolved: 2 });
    expect(report.healthy.definitions).toEqual({ total: 3, used: 1 });
  });
});

describe('ModelCheck: meshes', () => {
  const faultsOf = (object: Json, more: Json[] = []) =>
    found(check([root([object, ...more]), object, ...more]));

  it('checks arrays split into DataChunks, whichever arrives first', () => {
    const split = mesh('split', {
      vertices: [ref('v1'), ref('v2')],
      faces: [ref('f1'), ref('f2')],
      colors: [ref('c1')],
    });
    const chunks = [
      chunk('v1', BOX.slice(0, 5)),
      chunk('v2', BOX.slice(5)),
      chunk('f1', [4, 0, 1]),
      chunk('f2', [2, 3]),
      chunk('c1', [1, 2, 3, 4]),
    ];
    const model = root([split], {
      __closure: Object.fromEntries(['split', 'v1', 'v2', 'f1', 'f2', 'c1'].map((id) => [id, 1])),
    });
    expect(check([model, ...chunks, split]).findings).toEqual([]);
    expect(check([model, split, ...chunks]).healthy.meshes).toEqual({ total: 1, checked: 1 });
    const past = mesh('past', { faces: [ref('f3')] });
    expect(faultsOf(past, [chunk('f3', [4, 0, 1, 2, 4])])).toEqual({
      'mesh-face-past-vertices': ['past'],
    });
  });

  it('leaves unchecked a mesh whose chunk did not arrive', () => {
    const report = check([
      root([mesh('m', { vertices: [ref('gone')] })], { __closure: { m: 1 } }),
      mesh('m', { vertices: [ref('gone')] }),
    ]);
    expect(report.healthy.meshes).toEqual({ total: 1, checked: 0 });
    expect(found(report)).toEqual({ 'reference-not-received': ['m'] });
  });

  it.each<[string, Json, RuleId]>([
    ['vertices that are not triples', { vertices: [...BOX, 5] }, 'mesh-vertices-not-triples'],
    ['a face past the vertices', { faces: [4, 0, 1, 2, 4] }, 'mesh-face-past-vertices'],
    ['a negative index', { faces: [3, 0, -1, 2] }, 'mesh-face-past-vertices'],
    ['faces that are not integers', { faces: [3, 0, 1.5, 2] }, 'mesh-face-past-vertices'],
    ['a face count past the array', { faces: [4, 0, 1, 2, 3, 4, 0, 1] }, 'mesh-face-count-overrun'],
    ['an old-style quad past the array', { faces: [1, 0, 1, 2] }, 'mesh-face-count-overrun'],
    ['colours for fewer vertices', { colors: [1, 2, 3] }, 'mesh-colors-mismatch'],
    ['colours for more vertices', { colors: [1, 2, 3, 4, 5] }, 'mesh-colors-mismatch'],
    ['a coordinate over 1e9', { vertices: [...BOX.slice(0, 11), 2e9] }, 'mesh-bad-coordinates'],
    ['a null coordinate', { vertices: [...BOX.slice(0, 11), null] }, 'mesh-bad-coordinates'],
    ['no units', { units: undefined }, 'mesh-missing-units'],
    ['empty units', { units: '' }, 'mesh-missing-units'],
  ])('finds %s', (_, fields, rule) => {
    expect(faultsOf(mesh('m', fields))).toEqual({ [rule]: ['m'] });
  });

  it('reads old-style triangle counts (0) and a coordinate of 1e999 as not finite', () => {
    expect(faultsOf(mesh('m', { faces: [0, 0, 1, 2, 1, 0, 1, 2, 3] }))).toEqual({});
    const doctor = new ModelCheck(null);
    doctor.addText('m', JSON.stringify(mesh('m')).replace('"vertices":[0,', '"vertices":[1e999,'));
    expect(found(doctor.report())).toEqual({ 'mesh-bad-coordinates': ['m'] });
    expect(doctor.report().findings[0]?.items[0]?.note).toContain('1 not finite');
  });

  it('finds faults of meshes nested inline, linked through the object that holds them', () => {
    const holder = {
      id: 'holder',
      speckle_type: 'Base',
      displayValue: [mesh('inline', { units: null })],
    };
    const report = check([root([holder]), holder]);
    expect(found(report)).toEqual({ 'mesh-missing-units': ['holder'] });
    expect(report.findings[0]?.items[0]?.note).toContain('mesh inline');
  });
});

describe('ModelCheck: display and counts', () => {
  it('finds an empty displayValue and one whose meshes all failed to arrive', () => {
    const empty = element('empty', 'e', []);
    const lost = element('lost', 'l', ['gone']);
    const half = element('half', 'h', ['gone', 'box']);
    const box = mesh('box');
    const report = check([root([empty, lost, half, box]), empty, lost, half, box]);
    expect(found(report)).toEqual({
      'reference-not-received': ['lost', 'half'],
      'display-value-empty': ['empty'],
      'display-value-missing': ['lost'],
    });
  });

  it('finds a totalChildrenCount other than the closure’s size, and not a null one', () => {
    const wrong = { id: 'wrong', speckle_type: 'Base', totalChildrenCount: 3, __closure: { x: 1 } };
    const none = { id: 'none', speckle_type: 'Base', totalChildrenCount: 2 };
    const unknown = {
      id: 'unknown',
      speckle_type: 'Base',
      totalChildrenCount: null,
      __closure: { x: 1 },
    };
    const x = { id: 'x', speckle_type: 'Base', totalChildrenCount: 0 };
    const model = root([wrong, none, unknown, x], { totalChildrenCount: 4 });
    expect(found(check([model, wrong, none, unknown, x]))).toEqual({
      'children-count-mismatch': ['wrong', 'none'],
    });
  });

  it('counts apart, as no fault, objects below the root that count no children; not the root', () => {
    const uncounted = {
      id: 'mesh',
      speckle_type: 'Base',
      totalChildrenCount: 0,
      __closure: { x: 1 },
    };
    const x = { id: 'x', speckle_type: 'Base' };
    const model = root([uncounted, x], { totalChildrenCount: 0 });
    const report = check([model, uncounted, x]);
    expect(found(report)).toEqual({ 'children-count-mismatch': ['root'] });
    expect(report.healthy.uncountedChildren).toBe(1);
  });
});

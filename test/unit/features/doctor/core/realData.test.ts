// The model doctor on Speckle's own data (test/fixtures/speckle-real, see its NOTICE.md) and on the
// demo server's v3 office: it reports what they truly hold, and nothing else.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../../demo/jsonb.ts';
import { v3Model } from '../../../../../demo/v3Model.ts';
import { ModelCheck } from '../../../../../src/features/doctor/core/modelCheck';
import type { DoctorReport } from '../../../../../src/features/doctor/core/report';
import { RULE_IDS } from '../../../../../src/features/doctor/core/rules';
import { findReferences } from '../../../../../src/speckle/references';
import {
  brepFixture,
  responseFixture,
  revitModelRoot,
  type FixtureObject,
} from '../../../support/speckleFixtures';

function check(objects: readonly FixtureObject[], rootId: string | null): DoctorReport {
  const doctor = new ModelCheck(rootId);
  for (const { id, raw } of objects) doctor.addText(id, raw);
  return doctor.report();
}

const rulesOf = (report: DoctorReport) =>
  Object.fromEntries(report.findings.map(({ rule, items }) => [rule, items.map(({ id }) => id)]));

describe('the model doctor on real data', () => {
  it('Revit floor: an element type with an empty displayValue; meshes counting no children are no fault', () => {
    const objects = responseFixture('revit-floor.objects.json');
    const report = check(objects, objects[0]!.id);
    expect(rulesOf(report)).toEqual({
      // The floor's element type (RevitElementType) has `displayValue: []`.
      'display-value-empty': ['a724becac2af2d936a7c79349ce9b709'],
    });
    expect(report.healthy).toMatchObject({
      // Two meshes (2 chunks each) and the Revit instance (1 child) say totalChildrenCount 0, as
      // the connector writes every object below the root.
      uncountedChildren: 3,
      objects: 13,
      references: { total: 12, resolved: 12 },
      meshes: { total: 2, checked: 2 },
      proxies: [],
    });
  });

  it('Blender cube: nothing', () => {
    const objects = responseFixture('blender-cube.objects.json');
    const report = check(objects, objects[0]!.id);
    expect(report.findings).toEqual([]);
    expect(report.healthy.meshes).toEqual({ total: 2, checked: 2 });
  });

  it('Revit model root alone: its 8,873 closure entries and every reference it holds not received', () => {
    const root = revitModelRoot();
    const report = check([root], root.id);
    const references = findReferences(root.parsed).length;
    expect(report.findings.map(({ rule, count }) => [rule, count])).toEqual([
      ['reference-not-received', references],
      ['closure-not-received', 8873],
    ]);
  });

  it('database dump: the references to its 110 absent descendants, nothing more', () => {
    const objects = brepFixture();
    const received = new Set(objects.map(({ id }) => id));
    const dangling = objects.flatMap(({ id, parsed }) =>
      findReferences(parsed)
        .filter(({ referencedId }) => !received.has(referencedId))
        .map(() => id),
    );
    const report = check(objects, null);
    const found = rulesOf(report);
    expect(Object.keys(found)).toEqual(['reference-not-received', 'display-value-missing']);
    expect(found['reference-not-received']).toEqual(dangling);
    // Every Brep and mesh of the dump lacks a chunk or a display mesh: none can be checked whole.
    expect(report.healthy.meshes).toEqual({ total: 12, checked: 0 });
    for (const id of found['display-value-missing']!) {
      const display = objects.find((object) => object.id === id)!.parsed.displayValue as unknown[];
      expect(findReferences(display).every(({ referencedId }) => !received.has(referencedId))).toBe(
        true,
      );
    }
    // Each Brep and mesh with children in its closure counts none, as connectors write them.
    const uncounted = objects.filter(
      ({ parsed }) =>
        parsed.totalChildrenCount === 0 && Object.keys(parsed.__closure ?? {}).length > 0,
    );
    expect(uncounted.length).toBeGreaterThan(0);
    expect(report.healthy.uncountedChildren).toBe(uncounted.length);
  });
});

describe('the model doctor on the demo server’s v3 office', () => {
  const served = (faulty: boolean) => {
    const { rootId, objects } = v3Model(faulty);
    return check(
      [...objects].map(([id, parsed]) => ({ id, raw: JSON.stringify(parsed), parsed })),
      rootId,
    );
  };

  it('finds nothing in the healthy office, and resolves every proxy and instance', () => {
    const report = served(false);
    expect(report.findings).toEqual([]);
    for (const { key, targets, resolved } of report.healthy.proxies) {
      expect(resolved, key).toBe(targets);
    }
    expect(report.healthy.proxies).toHaveLength(5);
    expect(report.healthy.instances).toEqual({ total: 2, resolved: 2 });
  });

  it('finds every planted fault once, in the object planted', () => {
    const { rootId, objects } = v3Model(true);
    const report = served(true);
    // The stored object planted with a fault, by its name or its applicationId (demo/v3Model.ts).
    const planted = (what: string, test: (object: JsonObject) => boolean) => {
      const ids = [...objects].filter(([, object]) => test(object)).map(([id]) => id);
      expect(ids, what).toHaveLength(1);
      return ids[0]!;
    };
    const named = (name: string) => planted(name, (object) => object.name === name);
    const app = (applicationId: string) =>
      planted(applicationId, (object) => object.applicationId === applicationId);
    const nameless = planted(
      'the instance without applicationId',
      ({ speckle_type, applicationId }) =>
        speckle_type === 'Speckle.Core.Models.Instances.InstanceProxy' && applicationId === null,
    );
    const lostMesh = objects.get(named('Door, display mesh not stored'))!.displayValue as Array<{
      referencedId: string;
    }>;
    const lost = lostMesh[0]!.referencedId;
    // Each rule's items: the object to open, where in it, and what its note names.
    const found = Object.fromEntries(
      report.findings.map(({ rule, items }) => [
        rule,
        items.map(({ id, path, note }) => ({ id, path, note })),
      ]),
    );
    const item = (id: string, note: string | RegExp, path?: unknown[]) => ({
      id,
      path,
      note: typeof note === 'string' ? expect.stringContaining(note) : expect.stringMatching(note),
    });
    expect(found).toEqual({
      'reference-not-received': [
        item(named('Door, display mesh not stored'), `refers to ${lost}`),
        item(named('Note, refers outside its closure'), 'refers to '),
      ],
      'closure-not-received': [item(lost, 'listed in the root’s __closure')],
      'proxy-target-missing': [
        item(rootId, 'renderMaterialProxies[3] “Brick” names wall-c-deleted', [
          'renderMaterialProxies',
          3,
        ]),
      ],
      'proxy-without-targets': [
        item(rootId, 'groupProxies[1] “Empty group” names no objects', ['groupProxies', 1]),
      ],
      'proxy-without-value': [
        item(rootId, 'renderMaterialProxies[4] “Steel, no value” has no value', [
          'renderMaterialProxies',
          4,
        ]),
      ],
      'color-not-number': [
        item(rootId, 'colorProxies[1] “Colour as text” has the value "#ff0000"', [
          'colorProxies',
          1,
        ]),
      ],
      'claimed-twice': [
        item(
          app('wall-a-mesh'),
          'material of wall-a-mesh: renderMaterialProxies[0] “Concrete”, then renderMaterialProxies[3] “Brick”',
        ),
      ],
      'duplicate-application-id': [
        item(named('Window east'), 'applicationId window-1 is shared by 2 objects'),
        item(named('Window copy, same applicationId'), 'applicationId window-1'),
      ],
      'definition-without-application-id': [
        item(rootId, 'instanceDefinitionProxies[1] “Table, no applicationId”', [
          'instanceDefinitionProxies',
          1,
        ]),
      ],
      'instance-without-application-id': [item(nameless, 'an instance')],
      'instance-without-definition-id': [
        item(app('instance-no-definition'), 'names no definition'),
      ],
      'instance-definition-missing': [
        item(app('instance-missing-definition'), 'places definition-sofa'),
      ],
      'definition-unused': [
        item(
          rootId,
          'instanceDefinitionProxies[2] “Lamp, never placed”, definition definition-lamp',
          ['instanceDefinitionProxies', 2],
        ),
      ],
      'mesh-vertices-not-triples': [item(app('mesh-vertices-not-triples'), '25 vertex numbers')],
      'mesh-face-past-vertices': [item(app('mesh-face-past-vertices'), '(first: 99)')],
      'mesh-face-count-overrun': [item(app('mesh-face-count-overruns'), 'announces 4 vertices')],
      'mesh-colors-mismatch': [item(app('mesh-colors-mismatch'), '5 colours for 8 vertices')],
      'mesh-bad-coordinates': [item(app('mesh-bad-coordinates'), '1 not finite, 1 over 1e9')],
      'mesh-missing-units': [item(app('mesh-without-units'), 'no units')],
      'display-value-empty': [item(named('Sign, empty displayValue'), 'holds nothing')],
      'display-value-missing': [item(named('Door, display mesh not stored'), `refers to ${lost}`)],
      'children-count-mismatch': [
        item(named('Cabinet, wrong totalChildrenCount'), 'totalChildrenCount 7, __closure lists 3'),
      ],
    });
    // A server sends only what the root's closure lists, and valid JSON: those two cannot be planted.
    const unplanted = ['not-in-closure', 'object-not-json'];
    expect(Object.keys(found)).toEqual(RULE_IDS.filter((rule) => !unplanted.includes(rule)));
  });
});

// The model doctor on Speckle's own data (test/fixtures/speckle-real, see its NOTICE.md) and on the
// demo server's v3 office: it reports what they truly hold, and nothing else.
import { describe, expect, it } from 'vitest';
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
  it('Revit floor: an element type with an empty displayValue, and meshes counting no children', () => {
    const objects = responseFixture('revit-floor.objects.json');
    const report = check(objects, objects[0]!.id);
    expect(rulesOf(report)).toEqual({
      // The floor's element type (RevitElementType) has `displayValue: []`.
      'display-value-empty': ['a724becac2af2d936a7c79349ce9b709'],
      // Two meshes (2 chunks each) and the Revit instance (1 child) say totalChildrenCount 0.
      'children-count-mismatch': [
        '00d4a610a914f9dce457fad0260c3d73',
        '9407c61a13fdff3313e5535517d0820e',
        '9f9f7958ee36b2b582970b2153b96d05',
      ],
    });
    expect(report.healthy).toMatchObject({
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
    expect(Object.keys(found)).toEqual([
      'reference-not-received',
      'display-value-missing',
      'children-count-mismatch',
    ]);
    expect(found['reference-not-received']).toEqual(dangling);
    // Every Brep and mesh of the dump lacks a chunk or a display mesh: none can be checked whole.
    expect(report.healthy.meshes).toEqual({ total: 12, checked: 0 });
    for (const id of found['display-value-missing']!) {
      const display = objects.find((object) => object.id === id)!.parsed.displayValue as unknown[];
      expect(findReferences(display).every(({ referencedId }) => !received.has(referencedId))).toBe(
        true,
      );
    }
    for (const id of found['children-count-mismatch']!) {
      const { parsed } = objects.find((object) => object.id === id)!;
      expect(parsed.totalChildrenCount).not.toBe(Object.keys(parsed.__closure as object).length);
    }
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
    const report = served(true);
    // A server sends only what the root's closure lists, and valid JSON: those two cannot be planted.
    const plantable = RULE_IDS.filter(
      (rule) => rule !== 'not-in-closure' && rule !== 'object-not-json',
    );
    expect(report.findings.map(({ rule }) => rule)).toEqual(plantable);
    const counts = Object.fromEntries(report.findings.map(({ rule, count }) => [rule, count]));
    expect(counts).toMatchObject({ 'reference-not-received': 2, 'duplicate-application-id': 2 });
    const once = report.findings.filter(
      ({ rule }) => rule !== 'reference-not-received' && rule !== 'duplicate-application-id',
    );
    for (const { rule, count } of once) expect(count, rule).toBe(1);
  });
});

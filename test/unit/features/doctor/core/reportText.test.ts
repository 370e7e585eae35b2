import { describe, expect, it } from 'vitest';
import {
  DOCTOR_REPORT_FORMAT,
  doctorJsonParts,
  doctorMarkdown,
  type CheckedReport,
} from '../../../../../src/features/doctor/core/reportText';
import { FindingList, type DoctorReport } from '../../../../../src/features/doctor/core/report';

function report(missing: number): DoctorReport {
  const findings = new FindingList();
  for (let n = 0; n < missing; n += 1)
    findings.add('closure-not-received', `id-${n}`, `listed ${n}`);
  findings.add('mesh-missing-units', 'mesh', 'the mesh has no units');
  return {
    rootId: 'root',
    findings: findings.findings(),
    healthy: {
      objects: 12,
      references: { total: 10, resolved: 8 },
      proxies: [
        { kind: 'material', key: 'renderMaterialProxies', proxies: 2, targets: 5, resolved: 4 },
      ],
      instances: { total: 3, resolved: 2 },
      definitions: { total: 1, used: 1 },
      meshes: { total: 4, checked: 3 },
      uncountedChildren: 0,
    },
  };
}

const checked = (missing: number): CheckedReport => ({
  subject: {
    server: 'https://app.speckle.systems',
    projectId: 'a7b649a290',
    modelId: 'b1d1a90f3e',
    versionId: 'a01b2c3d43',
    rootId: 'root',
  },
  report: report(missing),
  unread: 1,
});

describe('the doctor’s report as files', () => {
  it('names what was checked, and caps each finding’s objects in Markdown with a count', () => {
    const markdown = doctorMarkdown(checked(25), 20);
    expect(markdown.split('\n').slice(0, 8)).toEqual([
      '# Model doctor report',
      '',
      '- Server: `https://app.speckle.systems`',
      '- Project: `a7b649a290`',
      '- Model: `b1d1a90f3e`',
      '- Version: `a01b2c3d43`',
      '- Root: `root`',
      '',
    ]);
    expect(markdown).toContain('**26 faults found by 2 rules.**');
    expect(markdown).toContain('### Closure entries never received (25)');
    expect(markdown).toContain('- `id-19`: listed 19');
    expect(markdown).not.toContain('id-20');
    expect(markdown).toContain('- … and 5 more (the JSON report lists them all)');
    expect(markdown).toContain('- `mesh`: the mesh has no units');
    expect(markdown).toContain('- renderMaterialProxies: 2 proxies, 4 of 5 targets resolved.');
    expect(markdown).toContain('- 1 object was too large to read and left out.');
  });

  it('says so when there is nothing to report, and names opened files', () => {
    const none: CheckedReport = {
      ...checked(0),
      subject: {
        server: null,
        files: ['a.json', 'b.jsonl'],
        projectId: null,
        modelId: null,
        versionId: null,
        rootId: 'r',
      },
      report: { ...report(0), findings: [] },
      unread: 0,
    };
    const markdown = doctorMarkdown(none);
    expect(markdown).toContain('- Files: `a.json`, `b.jsonl`');
    expect(markdown).not.toContain('Server');
    expect(markdown).toContain('**No faults found.**');
    expect(markdown).not.toContain('## Findings');
  });

  it('lists every object of every finding in JSON', () => {
    const input = checked(25_000);
    const json = JSON.parse([...doctorJsonParts(input)].join('')) as {
      format: string;
      checked: Record<string, unknown>;
      healthy: unknown;
      findings: Array<{ rule: string; count: number; items: Array<{ id: string }> }>;
    };
    expect(json.format).toBe(DOCTOR_REPORT_FORMAT);
    expect(json.checked).toEqual({ ...input.subject, files: null });
    expect(json.healthy).toEqual(input.report.healthy);
    expect(json.findings.map(({ rule, count, items }) => [rule, count, items.length])).toEqual([
      ['closure-not-received', 25_000, 25_000],
      ['mesh-missing-units', 1, 1],
    ]);
    expect(json.findings[0]?.items[24_999]).toEqual({ id: 'id-24999', note: 'listed 24999' });
  });

  it('names where a proxy sits in the root: in Markdown by its note, in JSON by its path too', () => {
    const findings = new FindingList();
    findings.add(
      'proxy-without-targets',
      'root',
      'groupProxies[1] “Empty group” names no objects',
      ['groupProxies', 1],
    );
    const base = checked(0);
    const input: CheckedReport = {
      ...base,
      report: {
        ...base.report,
        findings: findings.findings(),
        healthy: { ...base.report.healthy, uncountedChildren: 2 },
      },
    };
    const markdown = doctorMarkdown(input);
    expect(markdown).toContain('- `root`: groupProxies[1] “Empty group” names no objects');
    expect(markdown).toContain(
      '- 2 objects below the root say totalChildrenCount 0 though their __closure lists children',
    );
    const json = JSON.parse([...doctorJsonParts(input)].join('')) as {
      findings: Array<{ items: unknown[] }>;
    };
    expect(json.findings[0]!.items).toEqual([
      {
        id: 'root',
        note: 'groupProxies[1] “Empty group” names no objects',
        path: ['groupProxies', 1],
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  diffReportParts,
  diffSummaryCsv,
  DIFF_REPORT_FORMAT,
} from '../../../../src/features/compare/diffReport';
import { compareVersions } from '../../../../src/features/compare/core/compareVersions';
import { detach, ref, side } from '../../support/compareModels';

function textOf(parts: Iterable<string | Uint8Array>): string {
  return [...parts]
    .map((part) => (typeof part === 'string' ? part : new TextDecoder().decode(part)))
    .join('');
}

const roots = (fromRootId: string, toRootId: string) => ({
  from: { projectId: 'p1', rootId: fromRootId, version: null },
  to: { projectId: 'p1', rootId: toRootId, version: null },
});

describe('the comparison report', () => {
  it('writes each change with both values as received, numbers as written', () => {
    const from = {
      id: 'a'.repeat(32),
      text: '{"id":"aaa","speckle_type":"Wall","applicationId":"w","height":1.0,"tags":["x"]}',
    };
    const to = {
      id: 'b'.repeat(32),
      text: '{"id":"bbb","speckle_type":"Wall","applicationId":"w","height":1,"tags":["x"],"new":{"n":1e3}}',
    };
    const comparison = compareVersions(side([from]), side([to]));
    const text = textOf(diffReportParts(comparison, roots(from.id, to.id)) as Iterable<string>);
    expect(text).toContain('"op":"change","from":1.0,"to":1}');
    expect(text).toContain('"op":"add","to":{"n":1e3}}');
    const report = JSON.parse(text);
    expect(report).toMatchObject({
      format: DIFF_REPORT_FORMAT,
      from: { projectId: 'p1', rootId: from.id },
      counts: { added: 0, removed: 0, changed: 1, changedBelow: 0, unchanged: 0 },
      pairs: [
        {
          from: from.id,
          to: to.id,
          applicationId: 'w',
          speckle_type: 'Wall',
          matchedBy: 'applicationId',
          kind: 'changed',
          changes: [
            { path: ['height'], op: 'change', from: 1, to: 1 },
            { path: ['new'], op: 'add', to: { n: 1000 } },
          ],
        },
      ],
      added: [],
      removed: [],
    });
  });

  it('lists added and removed ids and sums up by type in CSV', () => {
    const kept = detach({ speckle_type: 'Wall', applicationId: 'k' });
    const gone = detach({ speckle_type: '=Odd, "quoted" type', applicationId: 'g' });
    const added = detach({ speckle_type: 'Wall', applicationId: 'n' });
    const fromRoot = detach({ speckle_type: 'Collection', elements: [ref(kept), ref(gone)] });
    const toRoot = detach({ speckle_type: 'Collection', elements: [ref(kept), ref(added)] });
    const comparison = compareVersions(side([kept, gone, fromRoot]), side([kept, added, toRoot]));
    const report = JSON.parse(
      textOf(diffReportParts(comparison, roots(fromRoot.id, toRoot.id)) as Iterable<string>),
    );
    expect(report.added).toEqual([added.id]);
    expect(report.removed).toEqual([gone.id]);
    const csv = diffSummaryCsv(comparison).split('\r\n');
    expect(csv[0]).toBe(
      'speckle_type,added,added_bytes,removed,removed_bytes,changed,changed_bytes,changed_below,changed_below_bytes',
    );
    expect(csv).toContain(`"'=Odd, ""quoted"" type",0,0,1,${Buffer.byteLength(gone.text)},0,0,0,0`);
  });

  it('names each side: its model, version, message and date when it came from a version', () => {
    const a = detach({ speckle_type: 'Wall', applicationId: 'a', height: 1 });
    const b = detach({ speckle_type: 'Wall', applicationId: 'a', height: 2 });
    const comparison = compareVersions(side([a]), side([b]));
    const text = textOf(
      diffReportParts(comparison, {
        from: { projectId: 'p1', rootId: a.id, version: null },
        to: {
          projectId: 'p1',
          rootId: b.id,
          version: {
            modelId: 'b1d1a90f3e',
            modelName: 'building',
            versionId: 'a01b2c3d44',
            message: 'Comments "quoted"\nsecond line',
            createdAt: '2026-10-05T09:00:00.000Z',
          },
        },
      }) as Iterable<string>,
    );
    // The header, in this order, before the counts: what a reader of the file sees first.
    expect(text.slice(0, text.indexOf(',"counts"'))).toBe(
      `{"format":"${DIFF_REPORT_FORMAT}",` +
        `"from":{"projectId":"p1","rootId":"${a.id}"},` +
        `"to":{"projectId":"p1","rootId":"${b.id}",` +
        '"model":{"id":"b1d1a90f3e","name":"building"},' +
        '"version":{"id":"a01b2c3d44","message":"Comments \\"quoted\\"\\nsecond line",' +
        '"createdAt":"2026-10-05T09:00:00.000Z"}}',
    );
    expect(JSON.parse(text).to.version.message).toBe('Comments "quoted"\nsecond line');
  });
});

import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../../../../src/features/compare/core/compareVersions';
import {
  chunksSummary,
  comparisonStatus,
  comparisonSummaryText,
  pairDiffCount,
  pathLabel,
} from '../../../../../src/features/compare/core/comparisonText';
import { detach, ref, side } from '../../../support/compareModels';

describe('comparison in words', () => {
  it('says a version compared with itself is identical', () => {
    const wall = detach({ speckle_type: 'Wall', applicationId: 'w1' });
    const root = detach({ speckle_type: 'Base', elements: [ref(wall)] });
    const comparison = compareVersions(side([wall, root]), side([wall, root]));
    expect(comparisonStatus(comparison)).toBe(
      'The two versions are identical: 2 objects unchanged.',
    );
  });

  it('counts each kind, the changes only below apart', () => {
    const wall = detach({ speckle_type: 'Wall', applicationId: 'w1', height: 3 });
    const taller = detach({ speckle_type: 'Wall', applicationId: 'w1', height: 4 });
    const group = (child: typeof wall) =>
      detach({ speckle_type: 'Group', applicationId: 'g1', elements: [ref(child)] });
    const fromGroup = group(wall);
    const toGroup = group(taller);
    const fromRoot = detach({ speckle_type: 'Base', elements: [ref(fromGroup)] });
    const toRoot = detach({ speckle_type: 'Base', elements: [ref(toGroup)] });
    const comparison = compareVersions(
      side([wall, fromGroup, fromRoot]),
      side([taller, toGroup, toRoot]),
    );
    expect(comparisonStatus(comparison)).toBe(
      '0 added, 0 removed, 1 changed, 0 unchanged; 2 changed only below.',
    );
  });

  it('says when nothing matched by applicationId', () => {
    const a = detach({ speckle_type: 'Wall', applicationId: 'a' });
    const b = detach({ speckle_type: 'Wall', applicationId: 'b' });
    const fromRoot = detach({ speckle_type: 'Base', elements: [ref(a)] });
    const toRoot = detach({ speckle_type: 'Base', elements: [ref(b)] });
    const status = comparisonStatus(compareVersions(side([a, fromRoot]), side([b, toRoot])));
    expect(status).toMatch(/^1 added, 1 removed, 1 changed, 0 unchanged\./);
    expect(status).toContain('Nothing matched by applicationId');
  });

  it('sums a chunked array up in one line', () => {
    expect(
      chunksSummary({
        path: ['vertices'],
        fromLength: 62500,
        toLength: 62500,
        differing: 1234,
        firstAt: 512,
      }),
    ).toBe('vertices: 1,234 of 62,500 numbers differ, first at [512]');
    expect(pathLabel(['elements', 3, 'name'])).toBe('elements[3].name');
    expect(pathLabel([0])).toBe('[0]');
  });

  it('writes a ticket summary naming both roots', () => {
    const a = detach({ speckle_type: 'Wall', applicationId: 'a', height: 1 });
    const b = detach({ speckle_type: 'Wall', applicationId: 'a', height: 2 });
    const comparison = compareVersions(side([a]), side([b]));
    const text = comparisonSummaryText(
      comparison,
      {
        host: 'app.speckle.systems',
        from: { projectId: 'p1', rootId: a.id, version: null },
        to: {
          projectId: 'p1',
          rootId: b.id,
          version: {
            modelId: 'b1d1a90f3e',
            modelName: 'structure/levels',
            versionId: 'a01b2c3d44',
            message: 'Comments on a few elements\nand more',
            createdAt: '2026-10-05T09:00:00.000Z',
          },
        },
      },
      null,
    );
    expect(text).toBe(
      [
        'Compared on app.speckle.systems:',
        `  from: Project p1 · object ${a.id}, given by its id`,
        `  to: Project p1 · model structure/levels (b1d1a90f3e) · version a01b2c3d44: “Comments on a few elements”, 2026-10-05 09:00 UTC · root ${b.id}`,
        '0 added, 0 removed, 1 changed, 0 unchanged.',
        '  Wall: 0 added, 0 removed, 1 changed, 0 changed only below',
        '',
      ].join('\n'),
    );
  });

  it("counts a pair's differences by kind", () => {
    const none = { kind: 'identical' as const, ops: [], chunks: [], below: [] };
    expect(pairDiffCount(none)).toBe('No differences.');
    const leaf = (text: string) => ({ kind: 'leaf' as const, text });
    const op = { op: 'change' as const, path: ['height'], from: leaf('3'), to: leaf('4') };
    const below = { path: ['elements', 0], from: 'a', to: 'b' };
    expect(pairDiffCount({ ...none, kind: 'changed', ops: [op, op] })).toBe(
      '2 differences: 2 properties.',
    );
    expect(pairDiffCount({ ...none, kind: 'changed', ops: [op], below: [below] })).toBe(
      '2 differences: 1 property, 1 object changed below.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { GENERATED_ROOT_IDS, PUBLIC_PROJECT_ID } from '../../demo/catalog.ts';
import { DEMO_HISTORY, DEMO_MODELS, DEMO_VERSIONS } from '../../demo/history.ts';
import type { ComparedSide } from '../../src/features/compare/core/comparedSide.ts';
import {
  compareVersions,
  type SummarisedSide,
} from '../../src/features/compare/core/compareVersions.ts';
import { pathLabel } from '../../src/features/compare/core/comparisonText.ts';
import { diffReportParts, diffSummaryCsv } from '../../src/features/compare/diffReport.ts';
import { download, openApp, waitForObjectShown } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { usePageSession } from './support/browser.ts';
import { expectSameBytes } from './support/bytes.ts';
import { demoBase, fetchRawBody, splitLines } from './support/demo.ts';

const FROM = GENERATED_ROOT_IDS['public-1000']!;
const TO = GENERATED_ROOT_IDS['public-1000/v2']!;

/** A version as the server sends it, read apart from the app: the reference for the files. */
async function serverSide(rootId: string): Promise<SummarisedSide> {
  const lines = splitLines(await fetchRawBody(PUBLIC_PROJECT_ID, rootId, 'lines'));
  const byId = new Map(lines.map(({ id, raw }) => [id, raw]));
  return {
    rootId,
    ids: () => byId.keys(),
    has: (id) => byId.has(id),
    raw: (id) => byId.get(id),
    summary: (id) => {
      const raw = byId.get(id);
      if (raw === undefined) return undefined;
      const { speckle_type: speckleType } = JSON.parse(raw) as { speckle_type: string };
      return { speckleType, bytes: Buffer.byteLength(raw) };
    },
  };
}

describe('compare two versions', () => {
  const session = usePageSession();

  it('goes from the compare route to a property diff, and writes the report and summary byte for byte', async () => {
    const { page } = session;
    const expected = compareVersions(await serverSide(FROM), await serverSide(TO));
    await openApp(page, `/compare/${PUBLIC_PROJECT_ID}/${FROM}/${TO}`);

    const { added, removed, changed, unchanged } = expected.counts;
    // The variant changes about 2% of the model: the page must have found real changes.
    expect(changed).toBeGreaterThan(0);
    const status = page.getByRole('region', { name: 'Comparison' }).getByRole('status');
    await expect
      .poll(() => status.last().textContent(), { timeout: 30_000 })
      .toMatch(
        new RegExp(
          `^${added} added, ${removed} removed, ${changed} changed, ${unchanged.toLocaleString('en-US')} unchanged`,
        ),
      );

    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption('Changed');
    const pair = expected.pairs.find((candidate) => candidate.diff.kind === 'changed')!;
    await page.getByRole('button', { name: `Show differences of ${pair.to}`, exact: true }).click();
    const diff = page.getByRole('region', { name: `Differences of ${pair.to}` });
    const firstOp = pair.diff.ops[0]!;
    await expect
      .poll(() => diff.getByRole('rowheader').first().textContent())
      .toBe(pathLabel(firstOp.path));

    await expectNoSeriousViolations(page, 'a comparison with a pair shown');

    const report = await download(page, 'Download diff report JSON');
    expect(report.name).toMatch(
      new RegExp(`_${PUBLIC_PROJECT_ID}_${TO}_diff-from-${FROM}\\.json$`),
    );
    const roots = {
      from: { projectId: PUBLIC_PROJECT_ID, rootId: FROM, version: null },
      to: { projectId: PUBLIC_PROJECT_ID, rootId: TO, version: null },
    };
    expectSameBytes(report.bytes, [...diffReportParts(expected, roots)].join(''), 'diff report');

    const csv = await download(page, 'Download CSV summary');
    expect(csv.name).toMatch(/_diff-summary-from-[0-9a-f]+\.csv$/);
    expectSameBytes(csv.bytes, diffSummaryCsv(expected), 'CSV summary');

    await diff.getByRole('link', { name: `Open the second (${pair.to}) in the tree` }).click();
    await waitForObjectShown(page, pair.to);
    expect(new URL(page.url()).pathname).toBe(`/objects/${PUBLIC_PROJECT_ID}/${TO}`);
  });

  it('compares a loaded result with another version given by a link', async () => {
    const { page } = session;
    await openApp(page, `/objects/${PUBLIC_PROJECT_ID}/${FROM}`);
    await waitForObjectShown(page, FROM);
    await page
      .getByRole('textbox', {
        name: 'Compare with another object, version or model (its id or a link)',
      })
      .fill(`${demoBase()}/objects/${PUBLIC_PROJECT_ID}/${TO}`);
    await page.getByRole('button', { name: 'Compare', exact: true }).click();

    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/compare/${PUBLIC_PROJECT_ID}/${FROM}/${TO}`);
    const status = page.getByRole('region', { name: 'Comparison' }).getByRole('status');
    await expect
      .poll(() => status.last().textContent(), { timeout: 30_000 })
      .toMatch(/^0 added, 0 removed, [1-9]\d* changed/);
  });

  // The demo's building model: its two versions whose roots are FROM and TO.
  const MODEL = DEMO_MODELS.building;
  const OLDER = DEMO_VERSIONS.building1000;
  const NEWER = DEMO_VERSIONS.building1000Changed;

  /** A version side as the demo server's history has it: what the report must name. */
  function versionSide(versionId: string): ComparedSide {
    const model = DEMO_HISTORY.find((candidate) => candidate.id === MODEL)!;
    const version = model.versions.find((candidate) => candidate.id === versionId)!;
    return {
      projectId: PUBLIC_PROJECT_ID,
      rootId: version.referencedObject!,
      version: {
        modelId: MODEL,
        modelName: model.name,
        versionId,
        message: version.message,
        createdAt: version.createdAt,
      },
    };
  }

  it.each([
    ['two version ids', OLDER, NEWER],
    ['two model@version', `${MODEL}@${OLDER}`, `${MODEL}@${NEWER}`],
  ])(
    'compares %s: each side named by model, version, message and date, on the page and in the report',
    async (_, fromSide, toSide) => {
      const { page } = session;
      const expected = compareVersions(await serverSide(FROM), await serverSide(TO));
      await openApp(page, `/compare/${PUBLIC_PROJECT_ID}/${fromSide}/${toSide}`);

      const { added, removed, changed, unchanged } = expected.counts;
      const status = page.getByRole('region', { name: 'Comparison' }).getByRole('status');
      await expect
        .poll(() => status.last().textContent(), { timeout: 30_000 })
        .toMatch(
          new RegExp(
            `^${added} added, ${removed} removed, ${changed} changed, ${unchanged.toLocaleString('en-US')} unchanged`,
          ),
        );
      expect(await page.getByRole('region', { name: 'First version' }).textContent()).toContain(
        `Project ${PUBLIC_PROJECT_ID} · model building (${MODEL}) · version ${OLDER}: ` +
          `“Level 3 — façade ✓ "quoted"”, 2026-10-04 09:00 UTC · root ${FROM}`,
      );
      expect(await page.getByRole('region', { name: 'Second version' }).textContent()).toContain(
        `Project ${PUBLIC_PROJECT_ID} · model building (${MODEL}) · version ${NEWER}: ` +
          `“Comments on a few elements”, 2026-10-05 09:00 UTC · root ${TO}`,
      );
      // The address keeps what was given: a reload resolves it again.
      expect(new URL(page.url()).pathname).toBe(
        `/compare/${PUBLIC_PROJECT_ID}/${fromSide}/${toSide}`,
      );

      const report = await download(page, 'Download diff report JSON');
      const roots = { from: versionSide(OLDER), to: versionSide(NEWER) };
      expectSameBytes(report.bytes, [...diffReportParts(expected, roots)].join(''), 'diff report');
      const header = JSON.parse(new TextDecoder().decode(report.bytes)) as {
        from: { model: { name: string }; version: { id: string; message: string } };
      };
      expect(header.from.model.name).toBe('building');
      expect(header.from.version.id).toBe(OLDER);
      expect(header.from.version.message).toMatch(/^Level 3 — façade/);

      // A reload (or the address shared) resolves the sides again from what the address keeps.
      await page.reload();
      await expect
        .poll(() => page.getByRole('region', { name: 'Second version' }).textContent(), {
          timeout: 30_000,
        })
        .toContain(`version ${NEWER}: “Comments on a few elements”, 2026-10-05 09:00 UTC`);
    },
  );
});

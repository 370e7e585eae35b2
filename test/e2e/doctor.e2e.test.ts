import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STRAY_OBJECT } from '../../demo/blobs.ts';
import { V3_PROJECT_ID, V3_ROOT_IDS } from '../../demo/catalog.ts';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../demo/history.ts';
import { RULE_IDS } from '../../src/features/doctor/core/rules.ts';
import {
  demoToken,
  download,
  lookUp,
  openApp,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { findDemoObject, thousandObjectModel } from './support/demo.ts';
import { openThroughInput, rootLine } from './support/files.ts';
import { usePageSession } from './support/browser.ts';
import { spillSmallModels } from './support/spill.ts';

/** One of the start page's example links. */
function exampleLink(page: Page, label: string) {
  return page
    .getByRole('navigation', { name: 'Example Speckle links' })
    .getByRole('link', { name: label, exact: true });
}

/** Opens one of the start page's example links and waits for its root. */
async function openExample(page: Page, label: string, rootId: string) {
  await openApp(page);
  await exampleLink(page, label).click();
  await waitForObjectShown(page, rootId);
}

/** Runs the check and returns its status line once it has ended. */
async function checkModel(page: Page): Promise<string> {
  const doctor = page.getByRole('region', { name: 'Model doctor' });
  const button = doctor.getByRole('button', { name: 'Check model' });
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  await button.click();
  const status = doctor.getByText(/Checked\./);
  await status.waitFor({ timeout: 30_000 });
  return (await status.textContent())!.trim();
}

describe('model doctor', () => {
  const session = usePageSession();

  it('finds every fault planted in the v3 demo model, opens one, and exports the report', async () => {
    const { page } = session;
    const rootId = V3_ROOT_IDS.faulty;
    await openExample(page, 'A v3 model with every model doctor fault', rootId);
    // All but the two a server cannot send: objects outside the closure, texts that are not JSON.
    const planted = RULE_IDS.length - 2;
    expect(await checkModel(page)).toMatch(new RegExp(`faults found by ${planted} rules\\.$`));

    const doctor = page.getByRole('region', { name: 'Model doctor' });
    const unitless = doctor.getByRole('region', { name: 'Meshes without units' });
    const link = unitless.getByRole('button', { name: /^[0-9a-f]{32}$/ });
    const meshId = (await link.textContent())!;
    await link.click();
    await waitForObjectShown(page, meshId);

    const markdown = (await download(page, 'Download doctor report Markdown')).bytes.toString();
    for (const line of [
      `- Project: \`${V3_PROJECT_ID}\``,
      `- Model: \`${DEMO_MODELS.v3OfficeFaulty}\``,
      `- Version: \`${DEMO_VERSIONS.v3OfficeFaulty}\``,
      `- Root: \`${rootId}\``,
    ]) {
      expect(markdown).toContain(line);
    }
    expect(markdown).toMatch(/^- Server: `http:\/\/[^`]+\/demo-server`$/m);
    expect(markdown).toContain(`- \`${meshId}\`: the mesh has no units`);

    const json = JSON.parse(
      (await download(page, 'Download doctor report JSON')).bytes.toString(),
    ) as {
      checked: Record<string, unknown>;
      findings: Array<{ rule: string; count: number; items: unknown[] }>;
    };
    expect(json.checked).toMatchObject({ projectId: V3_PROJECT_ID, rootId });
    expect(json.findings).toHaveLength(planted);
    for (const finding of json.findings) expect(finding.items).toHaveLength(finding.count);
    const token = await demoToken();
    expect(markdown).not.toContain(token);
    expect(JSON.stringify(json)).not.toContain(token);
  });

  it('finds every fault in the faulty v3 model downloaded as a file and opened, the object outside the closure too', async () => {
    const { page } = session;
    const rootId = V3_ROOT_IDS.faulty;
    await openApp(page);
    const file = await download(
      page,
      exampleLink(page, 'Faulty v3 model as a file (download, then open it)'),
    );
    expect(file.name).toBe('office-v3-with-faults.txt');
    await openThroughInput(page, file);
    await expect.poll(() => rootLine(page).textContent()).toContain(rootId);
    await waitForObjectShown(page, rootId);
    // Every rule but texts that are not JSON: a file brings what a server cannot send, an object
    // the root's closure does not list.
    const planted = RULE_IDS.length - 1;
    expect(await checkModel(page)).toMatch(new RegExp(`faults found by ${planted} rules\\.$`));
    const outside = page
      .getByRole('region', { name: 'Model doctor' })
      .getByRole('region', { name: 'Received objects not in the closure' });
    expect(await outside.getByRole('button', { name: /^[0-9a-f]{32}$/ }).allTextContents()).toEqual(
      [STRAY_OBJECT.id],
    );

    const markdown = (await download(page, 'Download doctor report Markdown')).bytes.toString();
    expect(markdown).toContain('- Files: `office-v3-with-faults.txt`');
    expect(markdown).toContain(`- Root: \`${rootId}\``);
    expect(markdown).not.toMatch(/^- Server:/m);
    expect(markdown).toContain(`- \`${String(STRAY_OBJECT.id)}\`: arrived, but the root`);
    const json = JSON.parse(
      (await download(page, 'Download doctor report JSON')).bytes.toString(),
    ) as { checked: Record<string, unknown>; findings: Array<{ rule: string }> };
    expect(json.checked).toMatchObject({ server: null, files: [file.name], rootId });
    expect(json.findings.map(({ rule }) => rule)).toContain('not-in-closure');
    expect(json.findings).toHaveLength(planted);
  });

  it('finds no fault in the healthy v3 demo model, and says what resolved', async () => {
    const { page } = session;
    await openExample(page, 'A v3 model (proxies, instances)', V3_ROOT_IDS.healthy);
    expect(await checkModel(page)).toBe('Checked. No faults found.');
    const healthy = page.getByRole('region', { name: 'Healthy' });
    await expect
      .poll(() => healthy.textContent())
      .toContain('renderMaterialProxies: 3 proxies, 6 of 6 targets resolved.');
    expect(
      await page.getByRole('button', { name: 'Download doctor report JSON' }).isVisible(),
    ).toBe(true);
  });

  it('stops a check on Cancel check, saying how far it went, and checks again on request', async () => {
    const { page } = session;
    const { project, object } = await findDemoObject(
      'public model of 10,000 objects',
      (candidate, owner) => owner.visibility === 'public' && candidate.objectCount === 10_000,
    );
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);
    const doctor = page.getByRole('region', { name: 'Model doctor' });
    await doctor.getByRole('button', { name: 'Check model' }).click();
    await doctor.getByRole('button', { name: 'Cancel check' }).click();
    const cancelled = doctor.getByText(/Check cancelled after [\d,]+ of 10,000 objects\./);
    await cancelled.waitFor();
    expect(await doctor.getByRole('button', { name: 'Cancel check' }).count()).toBe(0);
    expect(await checkModel(page)).toMatch(/^Checked\./);
  });
  it('checks a model kept on disk as it checks one in memory, its worker reading the disk', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const checked = async () => {
      await lookUp(page, project.id, object.id, 'Get with children');
      await waitForCompleteCount(page, 1000);
      const status = await checkModel(page);
      const markdown = await download(page, 'Download doctor report Markdown');
      return { status, markdown: markdown.bytes.toString() };
    };
    await openApp(page);
    const inMemory = await checked();
    expect(inMemory.status).toMatch(/^Checked\. /);
    expect(inMemory.markdown).toContain(`- Root: \`${object.id}\``);

    await spillSmallModels(page);
    await openApp(page);
    const onDisk = await checked();
    expect(await statusText(page)).toMatch(/kept on disk/);
    expect(onDisk).toEqual(inMemory);
  });
});

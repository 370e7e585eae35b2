import { describe, expect, it } from 'vitest';
import { editConnection, openApp, waitForObjectShown } from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { demoBase, getManifest } from './support/demo.ts';

describe('app start', () => {
  const session = usePageSession();

  it('selects the saved "Demo server" connection with its URL and token filled in', async () => {
    const { page } = session;
    const manifest = await getManifest();
    await openApp(page);
    await editConnection(page);

    expect(await page.getByRole('textbox', { name: 'Connection name' }).inputValue()).toBe(
      'Demo server',
    );
    expect(await page.getByRole('textbox', { name: 'Server URL' }).inputValue()).toBe(demoBase());
    const token = page.getByLabel('Access token', { exact: true });
    expect(await token.inputValue()).toBe(manifest.token);
    expect(await token.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show token' }).click();
    expect(await token.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide token' }).click();
    expect(await token.getAttribute('type')).toBe('password');
    await page.getByRole('checkbox', { name: 'Remember token on this device' }).waitFor();
    await page.getByRole('heading', { name: 'Look up an object' }).waitFor();
  });

  it('opens an object from the "Example objects" links', async () => {
    const { page } = session;
    const manifest = await getManifest();
    const project = manifest.projects.find((p) => p.objects.length > 0)!;
    const object = project.objects[0]!;
    await openApp(page);

    await page.getByRole('link', { name: object.label, exact: true }).click();

    await waitForObjectShown(page, object.id);
    expect(new URL(page.url()).pathname).toMatch(
      new RegExp(`^/objects/${project.id}/${object.id}(/single)?$`),
    );
    expect(await page.getByRole('textbox', { name: 'Project ID' }).inputValue()).toBe(project.id);
    expect(await page.getByRole('textbox', { name: 'Object ID' }).inputValue()).toBe(object.id);
  });
});

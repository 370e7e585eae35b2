import type { Locator, Page } from 'playwright-core';

export interface FileSpec {
  name: string;
  bytes: Buffer | string;
}

function asPayload({ name, bytes }: FileSpec) {
  return { name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) };
}

/** Opens the files through the "Open file" input, as a file chooser would. */
export async function openThroughInput(page: Page, ...files: FileSpec[]): Promise<void> {
  await page.getByLabel('Open file').setInputFiles(files.map(asPayload));
}

/** One line per opened file: its name and size, then its form and objects once it is read. */
export function openedFileLines(page: Page): Locator {
  return page.getByRole('region', { name: 'Opened files' }).getByRole('listitem');
}

/** "The root shown is …", once every opened file is read. */
export function rootLine(page: Page): Locator {
  return page.getByRole('region', { name: 'Opened files' }).getByText(/^The root shown is/);
}

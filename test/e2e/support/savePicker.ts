import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Stands in for the File System Access API's save dialog, keeping what the app writes. */
export async function stubSavePicker(page: Page): Promise<void> {
  await page.evaluate(() => {
    const saved: Array<{ name: string; chunks: number[][]; closed: boolean }> = [];
    Object.assign(window, {
      __saved: saved,
      showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) => {
        const file = { name: suggestedName, chunks: [] as number[][], closed: false };
        saved.push(file);
        return {
          createWritable: async () => ({
            write: async (data: Uint8Array) => void file.chunks.push([...data]),
            close: async () => void (file.closed = true),
            abort: async () => undefined,
          }),
        };
      },
    });
  });
}

/** The file the stub received `nth` (1-based; the latest when omitted), once it is closed. */
export async function savedThroughPicker(
  page: Page,
  nth?: number,
): Promise<{ name: string; bytes: Buffer }> {
  const pick = (index: number | undefined) => {
    const saved = (window as unknown as { __saved: { closed: boolean }[] }).__saved;
    return index === undefined ? saved.at(-1) : saved[index - 1];
  };
  await expect.poll(() => page.evaluate(pick, nth).then((file) => file?.closed)).toBe(true);
  const file = await page.evaluate((index) => {
    const saved = (window as unknown as { __saved: { name: string; chunks: number[][] }[] })
      .__saved;
    const chosen = (index === undefined ? saved.at(-1) : saved[index - 1])!;
    return { name: chosen.name, bytes: chosen.chunks.flat() };
  }, nth);
  return { name: file.name, bytes: Buffer.from(file.bytes) };
}

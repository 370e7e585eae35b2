import type { Page } from 'playwright-core';
import { expect } from 'vitest';

interface SavedFile {
  name: string;
  chunks: number[][];
  closed: boolean;
  aborted: boolean;
}

/**
 * Stands in for the File System Access API's save dialog, keeping what the app writes. Each write
 * can be made to take `writeDelayMs`, as a slow disk or a large file does.
 */
export async function stubSavePicker(page: Page, { writeDelayMs = 0 } = {}): Promise<void> {
  await page.evaluate((delay) => {
    const saved: SavedFile[] = [];
    Object.assign(window, {
      __saved: saved,
      showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) => {
        const file: SavedFile = { name: suggestedName, chunks: [], closed: false, aborted: false };
        saved.push(file);
        return {
          createWritable: async () => ({
            write: async (data: Uint8Array) => {
              if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
              file.chunks.push([...data]);
            },
            close: async () => void (file.closed = true),
            abort: async () => void (file.aborted = true),
          }),
        };
      },
    });
  }, writeDelayMs);
}

/** Whether the stub's `nth` file (1-based) was closed or aborted, and how many bytes it took. */
export async function savedFileState(
  page: Page,
  nth: number,
): Promise<{ closed: boolean; aborted: boolean; bytes: number } | undefined> {
  return page.evaluate((index) => {
    const file = (window as unknown as { __saved: SavedFile[] }).__saved[index - 1];
    return (
      file && {
        closed: file.closed,
        aborted: file.aborted,
        bytes: file.chunks.reduce((sum, chunk) => sum + chunk.length, 0),
      }
    );
  }, nth);
}

/** The file the stub received `nth` (1-based; the latest when omitted), once it is closed. */
export async function savedThroughPicker(
  page: Page,
  nth?: number,
): Promise<{ name: string; bytes: Buffer }> {
  const pick = (index: number | undefined) => {
    const saved = (window as unknown as { __saved: SavedFile[] }).__saved;
    return index === undefined ? saved.at(-1) : saved[index - 1];
  };
  await expect.poll(() => page.evaluate(pick, nth).then((file) => file?.closed)).toBe(true);
  const file = await page.evaluate(pick, nth);
  return { name: file!.name, bytes: Buffer.from(file!.chunks.flat()) };
}

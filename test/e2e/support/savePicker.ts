import type { Page } from 'playwright-core';
import { expect } from 'vitest';

interface SavedFile {
  name: string;
  chunks: Uint8Array[];
  closed: boolean;
  aborted: boolean;
}

/** What the stub keeps in the page (page functions cannot call the test's own). */
interface Stub {
  /** The `nth` file (1-based; the latest when omitted). */
  __savedFile(nth: number | undefined): SavedFile | undefined;
}

/**
 * Stands in for the File System Access API's save dialog, keeping what the app writes. Each write
 * can be made to take `writeDelayMs`, as a slow disk or a large file does.
 */
export async function stubSavePicker(page: Page, { writeDelayMs = 0 } = {}): Promise<void> {
  await page.evaluate((delay) => {
    const saved: SavedFile[] = [];
    Object.assign(window, {
      __savedFile: (nth: number | undefined) => (nth === undefined ? saved.at(-1) : saved[nth - 1]),
      showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) => {
        const file: SavedFile = { name: suggestedName, chunks: [], closed: false, aborted: false };
        saved.push(file);
        return {
          createWritable: async () => ({
            write: async (data: Uint8Array) => {
              if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
              // A copy: the bytes the app hands over are not the stub's to keep.
              file.chunks.push(data.slice());
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
    const file = (window as unknown as Stub).__savedFile(index);
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
  await expect
    .poll(() =>
      page.evaluate((index) => (window as unknown as Stub).__savedFile(index)?.closed, nth),
    )
    .toBe(true);
  // The bytes cross the browser protocol once, as base64 text: as arrays of numbers, polled until
  // the file closed, a file of megabytes took seconds.
  const file = await page.evaluate(async (index) => {
    const { name, chunks } = (window as unknown as Stub).__savedFile(index)!;
    const url = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
      reader.readAsDataURL(new Blob(chunks as BlobPart[]));
    });
    return { name, base64: url.slice(url.indexOf(',') + 1) };
  }, nth);
  return { name: file.name, bytes: Buffer.from(file.base64, 'base64') };
}

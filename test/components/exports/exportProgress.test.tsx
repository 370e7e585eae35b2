import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BATCH_CHARS } from '../../../src/features/exports/saveFile';
import { formatBytes } from '../../../src/speckle/text';
import { renderApp } from '../renderApp';
import { PROJECT_ID, serveWithChildren, streamOf } from '../speckleDouble';

const ids = ['a', 'b', 'c'].map((letter) => letter.repeat(32));
// Three texts of about a batch each, so the file is written in several awaited writes.
const texts = ids.map(
  (id, index) =>
    `{"id":"${id}","speckle_type":"Base","text":"${'x'.repeat(BATCH_CHARS)}"${index === 0 ? `,"__closure":{"${ids[1]}":1,"${ids[2]}":1}` : ''}}`,
);
const ARRAY_BYTES = 2 + (texts.length - 1) + texts.reduce((sum, text) => sum + text.length, 0);

interface PendingWrite {
  bytes: number;
  finish: () => void;
}

/** A save dialog whose file takes each write only when the test lets it. */
function stepwiseSavePicker() {
  const writes: PendingWrite[] = [];
  const ends: string[] = [];
  Object.assign(window, {
    showSaveFilePicker: () =>
      Promise.resolve({
        createWritable: () =>
          Promise.resolve({
            write: (data: Uint8Array) =>
              new Promise<void>((finish) => writes.push({ bytes: data.byteLength, finish })),
            close: () => Promise.resolve(void ends.push('close')),
            abort: () => Promise.resolve(void ends.push('abort')),
          }),
      }),
  });
  return { writes, ends };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'showSaveFilePicker');
});

async function openModel() {
  serveWithChildren(
    streamOf(ids.map((id, i) => `${id}\t${texts[i]}\n`).join(''), { chunkSize: 1 << 16 }),
  );
  const app = renderApp({ route: `/objects/${PROJECT_ID}/${ids[0]}` });
  await screen.findByText(/^3 objects/);
  return app;
}

describe('export progress', () => {
  it('counts the bytes written against the file size, and a cancel discards the file', async () => {
    const { writes, ends } = stepwiseSavePicker();
    const { user } = await openModel();

    await user.click(screen.getByRole('button', { name: 'Download all as JSON array' }));

    await waitFor(() => expect(writes).toHaveLength(1));
    const total = formatBytes(ARRAY_BYTES);
    expect(screen.getByText(`Saving all as JSON array: 0 B of ${total}…`)).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Download progress' });
    expect(bar).toHaveAttribute('max', String(ARRAY_BYTES));

    writes[0]!.finish();
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(
      screen.getByText(`Saving all as JSON array: ${formatBytes(writes[0]!.bytes)} of ${total}…`),
    ).toBeInTheDocument();
    expect(bar).toHaveAttribute('value', String(writes[0]!.bytes));

    await user.click(screen.getByRole('button', { name: 'Cancel download' }));
    writes[1]!.finish();

    expect(await screen.findByText('The download was cancelled.')).toBeInTheDocument();
    // The half-written file is aborted, never closed under its name, and nothing says "Saved".
    expect(ends).toEqual(['abort']);
    expect(writes).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Cancel download' })).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Download progress' })).toBeNull();
    expect(screen.queryByText(/^Saved \d/)).toBeNull();
  });

  it('says how much was saved once every write is done', async () => {
    const { writes, ends } = stepwiseSavePicker();
    const { user } = await openModel();

    await user.click(screen.getByRole('button', { name: 'Download all as JSON array' }));
    for (let index = 0; ; index += 1) {
      await waitFor(() => expect(writes.length > index || ends.length > 0).toBe(true));
      if (ends.length > 0) break;
      writes[index]!.finish();
    }

    expect(await screen.findByText(`Saved ${formatBytes(ARRAY_BYTES)}.`)).toBeInTheDocument();
    expect(ends).toEqual(['close']);
    expect(writes.reduce((sum, { bytes }) => sum + bytes, 0)).toBe(ARRAY_BYTES);
  });
});

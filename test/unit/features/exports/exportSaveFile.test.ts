// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_FORMATS } from '../../../../src/features/exports/formats';
import { saveExport } from '../../../../src/features/exports/saveExport';
import {
  BATCH_CHARS,
  SEEN_DIALOG_MS,
  startSave,
  type SaveOutcome,
} from '../../../../src/features/exports/saveFile';
import { databaseRecords } from '../../support/exportFixtures';
import { readRealFixture } from '../../support/realFixtures';
import { FakeWritable, installPicker, pickerChoosing } from '../../support/savePicker';

const request = {
  fileName: 'h_p_o_objects-lines.txt',
  mimeType: 'text/plain;charset=utf-8',
  description: 'Object lines',
};

function domException(name: string): Error {
  return Object.assign(new Error(name), { name });
}

/** Captures the Blob handed to the browser and the link clicked to download it. */
function captureDownloads() {
  const downloads: { blob: Blob; fileName: string }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ blob: blobs.get(this.href)!, fileName: this.download });
  });
  return downloads;
}

async function blobBytes(blob: Blob): Promise<Buffer> {
  return Buffer.from(await blob.arrayBuffer());
}

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  Reflect.deleteProperty(window, 'showSaveFilePicker');
  vi.restoreAllMocks();
});

describe('startSave with the File System Access API', () => {
  it('opens the save dialog at once, before anything is awaited', () => {
    const picker = pickerChoosing(new FakeWritable());

    const sink = startSave(request);

    expect(sink.method).toBe('picker');
    expect(picker).toHaveBeenCalledTimes(1);
    expect(picker).toHaveBeenCalledWith({
      suggestedName: 'h_p_o_objects-lines.txt',
      startIn: 'downloads',
      types: [{ description: 'Object lines', accept: { 'text/plain': ['.txt'] } }],
    });
  });

  it('writes a real body to the chosen file byte for byte, one batch at a time', async () => {
    const writable = new FakeWritable();
    pickerChoosing(writable);
    const bytes = readRealFixture('brep-meshes.store.tsv');
    const progress: number[] = [];

    const outcome = await startSave(request).write(
      EXPORT_FORMATS.jsonLines.parts({ records: databaseRecords() }),
      { onProgress: (written) => progress.push(written) },
    );

    expect(outcome).toEqual({ status: 'saved', method: 'picker', bytes: bytes.length });
    expect(writable.contents().equals(bytes)).toBe(true);
    expect(writable.closed).toBe(true);
    expect(writable.mostPending).toBe(1);
    expect(writable.chunks.length).toBe(Math.ceil(bytes.length / BATCH_CHARS));
    expect(progress).toEqual(
      writable.chunks.map((_, index) =>
        writable.chunks.slice(0, index + 1).reduce((sum, chunk) => sum + chunk.byteLength, 0),
      ),
    );
  });

  it('writes byte parts as they are, in order with the text around them', async () => {
    const writable = new FakeWritable();
    pickerChoosing(writable);
    const stored = new TextEncoder().encode('a\t{"é":1}\n');

    const outcome = await startSave(request).write(['x', 'y', stored, 'z']);

    expect(outcome).toMatchObject({ status: 'saved', bytes: stored.length + 3 });
    expect(writable.chunks.map((chunk) => Buffer.from(chunk).toString())).toEqual([
      'xy',
      'a\t{"é":1}\n',
      'z',
    ]);
    // The stored bytes themselves, not a copy made by decoding and encoding them again.
    expect(writable.chunks[1]).toBe(stored);
  });

  it('keeps a character whose surrogate pair straddles a batch boundary whole', async () => {
    const writable = new FakeWritable();
    pickerChoosing(writable);
    const text = `${'a'.repeat(BATCH_CHARS - 1)}😀é${'b'.repeat(BATCH_CHARS)}`;
    // Split by the producer between the halves of the pair, too.
    const cut = BATCH_CHARS;

    await startSave(request).write([text.slice(0, cut), text.slice(cut)]);

    expect(writable.contents().toString('utf8')).toBe(text);
    expect(writable.contents().includes(Buffer.from('\ufffd'))).toBe(false);
  });

  it('ends quietly as cancelled when the user dismisses the dialog, which took the focus', async () => {
    installPicker(() => {
      window.dispatchEvent(new Event('blur'));
      return Promise.reject(domException('AbortError'));
    });
    const downloads = captureDownloads();

    const outcome = await startSave(request).write(['never written']);

    expect(outcome).toEqual({ status: 'cancelled', method: 'picker', bytes: 0 });
    expect(downloads).toEqual([]);
  });

  it('ends as cancelled when the dialog answers after someone could have seen it', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    installPicker(
      () =>
        new Promise((_, reject) =>
          setTimeout(() => reject(domException('AbortError')), SEEN_DIALOG_MS),
        ),
    );
    const downloads = captureDownloads();

    const outcome = startSave(request).write(['never written']);
    await vi.advanceTimersByTimeAsync(SEEN_DIALOG_MS);

    expect(await outcome).toEqual({ status: 'cancelled', method: 'picker', bytes: 0 });
    expect(downloads).toEqual([]);
  });

  it('downloads instead when the browser refuses the dialog at once, with no dialog seen', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    installPicker(
      () => new Promise((_, reject) => setTimeout(() => reject(domException('AbortError')), 20)),
    );
    const downloads = captureDownloads();

    const outcome = startSave(request).write(['{"a":1}', '\n']);
    await vi.advanceTimersByTimeAsync(20);

    expect(await outcome).toEqual({ status: 'saved', method: 'download', bytes: 8 });
    expect(downloads).toHaveLength(1);
    expect((await blobBytes(downloads[0]!.blob)).toString()).toBe('{"a":1}\n');
  });

  it('discards the file when the signal aborts part way', async () => {
    const writable = new FakeWritable();
    pickerChoosing(writable);
    const controller = new AbortController();
    const text = 'x'.repeat(5 * BATCH_CHARS);

    const outcome: SaveOutcome = await startSave(request).write([text], {
      signal: controller.signal,
      onProgress: (bytes) => {
        if (bytes >= 2 * BATCH_CHARS) controller.abort();
      },
    });

    expect(outcome).toEqual({ status: 'cancelled', method: 'picker', bytes: 2 * BATCH_CHARS });
    expect(writable.aborted).toBe(true);
    expect(writable.closed).toBe(false);
  });

  it('discards the file and reports the error when a part cannot be made', async () => {
    const writable = new FakeWritable();
    pickerChoosing(writable);
    function* failing() {
      yield 'x'.repeat(BATCH_CHARS + 10);
      throw new Error('the object text is not JSON');
    }

    await expect(startSave(request).write(failing())).rejects.toThrow('not JSON');
    expect(writable.aborted).toBe(true);
    expect(writable.closed).toBe(false);
  });

  it('falls back to a download when the dialog refuses to open', async () => {
    installPicker(() => Promise.reject(domException('SecurityError')));
    const downloads = captureDownloads();

    const outcome = await startSave(request).write(['{"a":1}', '\n']);

    expect(outcome).toEqual({ status: 'saved', method: 'download', bytes: 8 });
    expect(downloads).toHaveLength(1);
    expect((await blobBytes(downloads[0]!.blob)).toString()).toBe('{"a":1}\n');
  });
});

describe('startSave without the File System Access API', () => {
  it('downloads the parts as a Blob of the right type and name, byte for byte', async () => {
    const downloads = captureDownloads();
    const bytes = readRealFixture('brep-meshes.store.tsv');
    const progress: number[] = [];

    const sink = startSave(request);
    const outcome = await sink.write(
      EXPORT_FORMATS.jsonLines.parts({ records: databaseRecords() }),
      {
        onProgress: (written) => progress.push(written),
      },
    );

    expect(sink.method).toBe('download');
    expect(outcome).toEqual({ status: 'saved', method: 'download', bytes: bytes.length });
    expect(downloads).toHaveLength(1);
    const [{ blob, fileName }] = downloads as [{ blob: Blob; fileName: string }];
    expect(fileName).toBe('h_p_o_objects-lines.txt');
    expect(blob.type).toBe('text/plain;charset=utf-8');
    expect((await blobBytes(blob)).equals(bytes)).toBe(true);
    expect(progress.at(-1)).toBe(bytes.length);
    expect(progress.length).toBe(Math.ceil(bytes.length / BATCH_CHARS));
  });

  it('keeps unicode whole across batches', async () => {
    const downloads = captureDownloads();
    const text = `${'a'.repeat(BATCH_CHARS - 1)}😀${'é'.repeat(10)}`;

    await startSave(request).write([text.slice(0, BATCH_CHARS), text.slice(BATCH_CHARS)]);

    expect((await blobBytes(downloads[0]!.blob)).toString('utf8')).toBe(text);
  });

  it('downloads nothing when the signal aborts', async () => {
    const downloads = captureDownloads();
    const controller = new AbortController();
    controller.abort();

    const outcome = await startSave(request).write(['{}'], { signal: controller.signal });

    expect(outcome.status).toBe('cancelled');
    expect(downloads).toEqual([]);
  });
});

describe('saveExport', () => {
  const target = { host: 'localhost:5173', projectId: 'abcdef0123', objectId: 'f'.repeat(32) };

  it('opens the dialog within the click and saves the format under its name', async () => {
    const writable = new FakeWritable();
    const picker = pickerChoosing(writable);
    const records = databaseRecords();

    const saving = saveExport(
      EXPORT_FORMATS.ndjson,
      { objects: records.map((record) => ({ ...record, speckleType: '' })) },
      target,
    );

    expect(picker).toHaveBeenCalledWith(
      expect.objectContaining({
        suggestedName: `localhost-5173_abcdef0123_${'f'.repeat(32)}_objects.ndjson`,
        types: [
          {
            description: 'Newline-delimited JSON',
            accept: { 'application/x-ndjson': ['.ndjson'] },
          },
        ],
      }),
    );
    await expect(saving).resolves.toMatchObject({ status: 'saved' });
    expect(writable.contents().toString('utf8')).toBe(
      records.map(({ raw }) => `${raw}\n`).join(''),
    );
  });

  it('downloads a pretty-printed object where the dialog does not exist', async () => {
    const downloads = captureDownloads();
    const raw = '{"id": "x", "n": -0, "big": 1e308}';

    await saveExport(EXPORT_FORMATS.prettyObject, { raw }, { ...target, complete: true });

    expect(downloads[0]!.fileName).toBe(
      `localhost-5173_abcdef0123_${'f'.repeat(32)}_object-pretty.json`,
    );
    expect(downloads[0]!.blob.type).toBe('application/json');
    expect((await blobBytes(downloads[0]!.blob)).toString()).toBe(
      '{\n  "id": "x",\n  "n": -0,\n  "big": 1e308\n}',
    );
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '../../src/features/exports/formats';
import { BATCH_CHARS, startSave } from '../../src/features/exports/saveFile';
import { FakeWritable, pickerChoosing } from '../unit/support/savePicker';

afterEach(() => {
  Reflect.deleteProperty(window, 'showSaveFilePicker');
});

describe('startSave with the File System Access API, at the size of a 100,000-object model', () => {
  it('writes a 100,000-object, 335 MB export with one write in flight at a time', async () => {
    const writable = new FakeWritable();
    writable.keepChunks = false;
    pickerChoosing(writable);
    const raw = `{"id": "x", "data": [${'1.25, '.repeat(557)}0]}`;
    const records = Array.from({ length: 100_000 }, (_, index) => ({
      id: index.toString(16).padStart(32, '0'),
      raw,
    }));
    const expectedBytes = records.length * (32 + 1 + raw.length + 1);
    let updates = 0;
    const request = {
      fileName: 'h_p_o_objects-lines.txt',
      mimeType: 'text/plain;charset=utf-8',
      description: 'Object lines',
    };

    const outcome = await startSave(request).write(EXPORT_FORMATS.jsonLines.parts({ records }), {
      onProgress: () => (updates += 1),
    });

    expect(expectedBytes).toBeGreaterThan(335_000_000);
    expect(outcome).toEqual({ status: 'saved', method: 'picker', bytes: expectedBytes });
    expect(writable.bytes).toBe(expectedBytes);
    expect(writable.mostPending).toBe(1);
    expect(updates).toBe(Math.ceil(expectedBytes / BATCH_CHARS));
  });
});

import { describe, expect, it } from 'vitest';
import type { FromDoctor } from '../../../../../src/features/doctor/worker/doctorMessages';
import { DoctorSession } from '../../../../../src/features/doctor/worker/doctorSession';
import type { SpanByteReaders } from '../../../../../src/objects/spans/spanBytes';
import { textSpan } from '../../../../../src/objects/spans/textSpans';
import { MAX_TEXT_BYTES } from '../../../../../src/speckle/textLimit';
import { bodyOfLines } from '../../../support/lineRecords';

const id = (n: number) => String(n).padStart(32, '0');
const ref = (n: number) => ({ referencedId: id(n), speckle_type: 'reference' });

/** A root over 30 objects, each showing a mesh; the last mesh's object has an empty display. */
const children = Array.from({ length: 30 }, (_, index) => ({
  id: id(index + 1),
  speckle_type: 'Base',
  name: `ünïcode ${index}`,
  displayValue: index === 29 ? [] : [ref(100)],
}));
const mesh = {
  id: id(100),
  speckle_type: 'Objects.Geometry.Mesh',
  units: 'm',
  vertices: [0, 0, 0],
  faces: [],
};
const root = {
  id: id(0),
  speckle_type: 'Speckle.Core.Models.Collection',
  elements: children.map((child) => ref(Number(child.id))),
  __closure: Object.fromEntries([...children, mesh].map((object) => [object.id, 1])),
};
const { body, records } = bodyOfLines([root, ...children, mesh]);
type Place = (typeof records)[number];

/**
 * A session talking to a page that holds the body's first `storedFrom` bytes, a store the rest,
 * spans of at most 300 bytes; `sizeOf` may say a text is larger than it is. Resolves with every
 * message once the report or a failure came.
 */
function check(
  storedFrom: number,
  {
    sizeOf = (place: Place) => place.bytes,
    readers = {},
  }: { sizeOf?: (place: Place) => number; readers?: Partial<SpanByteReaders> } = {},
) {
  const heard: FromDoctor[] = [];
  const spanned = {
    count: records.length,
    record: (index: number) => ({ ...records[index]!, bytes: sizeOf(records[index]!) }),
    storedFrom,
  };
  let clock = 0;
  return new Promise<FromDoctor[]>((resolve) => {
    const session: DoctorSession = new DoctorSession(
      (message) => {
        heard.push(message);
        if (message.type === 'want') {
          const span = textSpan(spanned, message.from, 300);
          queueMicrotask(() => session.receive({ type: 'span', span }));
        }
        if (message.type === 'report' || message.type === 'failed') resolve(heard);
      },
      {
        readPage: async (start, length) => [body.slice(start, start + length)],
        readStored: async (start, length) =>
          body.slice(storedFrom + start, storedFrom + start + length),
        ...readers,
      },
      // Each reading of the clock is a second later: every span's progress is told.
      () => (clock += 1000),
    );
    session.receive({ type: 'start', rootId: id(0) });
  });
}

function reportOf(heard: readonly FromDoctor[]) {
  const last = heard.at(-1);
  if (last?.type !== 'report') throw new Error(`no report: ${JSON.stringify(last)}`);
  return last;
}

const findingIds = (heard: readonly FromDoctor[]) =>
  reportOf(heard).report.findings.map(({ rule, items }) => [rule, items.map((item) => item.id)]);

describe('the model doctor’s session', () => {
  it('checks every object once, read from the page and the store, as text', async () => {
    for (const storedFrom of [body.length, 0, Math.floor(body.length / 2)]) {
      const heard = await check(storedFrom);
      const { report, unread } = reportOf(heard);
      expect(unread).toBe(0);
      expect(report.healthy.objects).toBe(32);
      expect(findingIds(heard)).toEqual([['display-value-empty', [id(30)]]]);
    }
  });

  it('asks for the spans in turn and tells its progress against the objects the set holds', async () => {
    const heard = await check(body.length);
    const wanted = heard.flatMap((message) => (message.type === 'want' ? [message.from] : []));
    expect(wanted[0]).toBe(0);
    expect(wanted.length).toBeGreaterThan(5);
    expect([...wanted].sort((a, b) => a - b)).toEqual(wanted);
    const progress = heard.filter((message) => message.type === 'progress');
    expect(progress.at(-1)).toEqual({ type: 'progress', checked: 32, total: 32 });
  });

  it('counts a text too large to read as received and unread, not as missing', async () => {
    const heard = await check(body.length, {
      sizeOf: (place) => (place.id === id(100) ? MAX_TEXT_BYTES + 1 : place.bytes),
    });
    expect(reportOf(heard).unread).toBe(1);
    // The 29 objects that show the mesh point at an object that arrived: nothing is missing.
    expect(findingIds(heard)).toEqual([['display-value-empty', [id(30)]]]);
  });

  it('says why when the store cannot be read', async () => {
    const heard = await check(0, {
      readers: { readStored: () => Promise.reject(new Error('the file is gone')) },
    });
    expect(heard.at(-1)).toEqual({ type: 'failed', message: 'the file is gone' });
  });

  it('checks once, and takes only the span it asked for', async () => {
    const heard: FromDoctor[] = [];
    const session = new DoctorSession((message) => heard.push(message), {
      readPage: async () => [],
      readStored: async () => new Uint8Array(),
    });
    session.receive({ type: 'start', rootId: null });
    session.receive({ type: 'start', rootId: null });
    expect(heard).toEqual([{ type: 'want', from: 0 }]);
    const empty = { count: 0, record: () => records[0]!, storedFrom: 0 };
    session.receive({ type: 'span', span: textSpan(empty, 3) });
    await Promise.resolve();
    expect(heard).toHaveLength(1);
    session.receive({ type: 'span', span: textSpan(empty, 0) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard.at(-1)).toMatchObject({ type: 'report', unread: 0 });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ObjectSet } from '../../../../../src/objects/set/objectSet';
import { MAX_TEXT_BYTES } from '../../../../../src/speckle/textLimit';
import type {
  FromDoctor,
  TextBatch,
} from '../../../../../src/features/doctor/worker/doctorMessages';
import { DoctorSession } from '../../../../../src/features/doctor/worker/doctorSession';
import { BatchBuffers, sendTexts } from '../../../../../src/features/doctor/worker/textBatches';
import { memoryByteStore } from '../../../support/memoryByteStore';
import { appendDeferredRecords, appendRecords, loadedSet } from '../../../support/objectSets';

const id = (n: number) => String(n).padStart(32, '0');
const child = (n: number, fields = '') => ({
  id: id(n),
  raw: `{"id":"${id(n)}","speckle_type":"Base","name":"ünïcode ${n}"${fields}}`,
});
const root = (children: number[], extra = '') => ({
  id: id(0),
  raw: `{"id":"${id(0)}","speckle_type":"Speckle.Core.Models.Collection","elements":[${children
    .map((n) => `{"referencedId":"${id(n)}","speckle_type":"reference"}`)
    .join(',')}],"__closure":{${children.map((n) => `"${id(n)}":1`).join(',')}}${extra}}`,
});

const decoder = new TextDecoder();

/** Each object's text in a batch. */
function textsOf({ bytes, ends }: TextBatch): string[] {
  return ends.map((end, index) =>
    decoder.decode(bytes.subarray(index === 0 ? 0 : ends[index - 1], end)),
  );
}

/** The batches `sendTexts` makes of the set, and what it resolved with. */
async function batchesOf(set: ObjectSet, now?: () => number) {
  const batches: TextBatch[] = [];
  const buffers = new BatchBuffers();
  // The feed fills a batch's buffer again once it is back: a batch is kept as a copy.
  const keep = (batch: TextBatch) => {
    batches.push({ ...batch, bytes: batch.bytes.slice() });
    buffers.give(batch.bytes.buffer);
  };
  const unread = await sendTexts(set, keep, () => false, buffers, now);
  return { batches, unread };
}

/** What a session answers to a start, the batches and the finish. */
function answers(rootId: string, batches: readonly TextBatch[], unread = 0): FromDoctor[] {
  const posted: FromDoctor[] = [];
  const session = new DoctorSession((message) => posted.push(message));
  session.receive({ type: 'start', rootId });
  for (const batch of batches) session.receive({ type: 'batch', ...batch });
  session.receive({ type: 'finish', unread });
  return posted;
}

describe('the model doctor’s worker and its feed', () => {
  it('sends every object’s bytes once, and the session checks them as text', async () => {
    const set = loadedSet([root([1, 2]), child(1), child(2, ',"displayValue":[]')]);
    const { batches, unread } = await batchesOf(set);
    expect(unread).toBe(0);
    expect(batches.flatMap((batch) => batch.ids)).toEqual([id(0), id(1), id(2)]);
    const posted = answers(id(0), batches);
    expect(posted.at(-2)).toMatchObject({ type: 'progress', checked: 3 });
    const last = posted.at(-1);
    if (last?.type !== 'report') throw new Error('no report');
    expect(last.report.healthy.objects).toBe(3);
    expect(
      last.report.findings.map(({ rule, items }) => [rule, items.map((item) => item.id)]),
    ).toEqual([['display-value-empty', [id(2)]]]);
  });

  it('gives way to the page between batches: a new task once a batch took its time', async () => {
    const set = loadedSet([root([1, 2, 3]), child(1), child(2), child(3)]);
    let clock = 0;
    // The clock moves 6 ms per reading: a batch closes after its second object.
    const { batches } = await batchesOf(set, () => (clock += 6));
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flatMap(textsOf)).toEqual(
      [root([1, 2, 3]), child(1), child(2), child(3)].map(({ raw }) => raw),
    );
  });

  it('reads texts on disk back from the store', async () => {
    const set = new ObjectSet();
    set.askForBytesWith(() => undefined);
    appendRecords(set, [root([1, 2])]);
    const store = memoryByteStore();
    set.spillTo(store);
    store.append([appendDeferredRecords(set, [child(1), child(2)])]);
    set.finish();
    const { batches } = await batchesOf(set);
    const texts = batches.flatMap(textsOf);
    expect(texts).toEqual([root([1, 2]).raw, child(1).raw, child(2).raw]);
  });

  it('leaves out a text too large to read, and counts it', async () => {
    const set = loadedSet([root([1]), child(1)]);
    const summaries = set.summaries;
    const at = summaries.at.bind(summaries);
    vi.spyOn(summaries, 'at').mockImplementation((index) => {
      const record = at(index)!;
      return index === 1
        ? Object.assign(Object.create(record) as typeof record, { bytes: MAX_TEXT_BYTES + 1 })
        : record;
    });
    const { batches, unread } = await batchesOf(set);
    expect(unread).toBe(1);
    expect(batches.flatMap((batch) => batch.ids)).toEqual([id(0)]);
  });

  it('stops sending once stopped', async () => {
    const set = loadedSet([root([1]), child(1)]);
    const send = vi.fn();
    await sendTexts(set, send, () => true, new BatchBuffers());
    expect(send).not.toHaveBeenCalled();
  });

  it('has a few batches out at most, each filled again once its buffer is back', async () => {
    const set = loadedSet([root([1, 2, 3, 4, 5]), ...[1, 2, 3, 4, 5].map((n) => child(n))]);
    const buffers = new BatchBuffers(2);
    const sent: TextBatch[] = [];
    let clock = 0;
    // A batch of one object each: the clock moves past a task's time at every reading.
    const sending = sendTexts(
      set,
      (batch) => sent.push(batch),
      () => false,
      buffers,
      () => (clock += 20),
    );
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(2);
    buffers.give(sent[0]!.bytes.buffer);
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.bytes.buffer).toBe(sent[0]!.bytes.buffer);
    // The check ended: no buffer comes back, and the feed stops rather than wait for one.
    buffers.close();
    await expect(sending).resolves.toBe(0);
    expect(sent).toHaveLength(3);
  });

  it('gives each batch’s buffer back with its progress, for the page to fill again', () => {
    const posted: Array<{ message: FromDoctor; transfer?: Transferable[] }> = [];
    const session = new DoctorSession((message, transfer) => posted.push({ message, transfer }));
    session.receive({ type: 'start', rootId: null });
    const bytes = new TextEncoder().encode('{"id":"x"}');
    session.receive({ type: 'batch', ids: ['x'], ends: [bytes.length], bytes });
    expect(posted).toEqual([
      {
        message: { type: 'progress', checked: 1, buffer: bytes.buffer },
        transfer: [bytes.buffer],
      },
    ]);
  });

  it('answers a failure rather than throwing, and takes nothing before a start', () => {
    const posted: FromDoctor[] = [];
    const session = new DoctorSession((message) => posted.push(message));
    session.receive({ type: 'batch', ids: ['x'], ends: [1], bytes: new Uint8Array([123]) });
    expect(posted).toEqual([]);
    session.receive({ type: 'start', rootId: null });
    session.receive({ type: 'batch', ids: ['x'], ends: [5], bytes: new Uint8Array([123]) });
    expect(posted.at(-1)?.type).toBe('progress');
  });
});

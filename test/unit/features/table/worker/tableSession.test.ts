import { describe, expect, it } from 'vitest';
import { textSpan } from '../../../../../src/objects/spans/textSpans';
import { EMPTY_TABLE, type TableSpec } from '../../../../../src/features/table/core/tableSpec';
import type { FromTable } from '../../../../../src/features/table/worker/tableMessages';
import { TableSession } from '../../../../../src/features/table/worker/tableSession';
import { bodyOfLines } from '../../../support/lineRecords';

const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });

/** Walls each on a detached level, the levels last: enough objects for many small spans. */
const walls = Array.from({ length: 40 }, (_, index) => ({
  id: `wall-${String(index).padStart(2, '0')}`,
  speckle_type: 'Wall',
  units: 'm',
  height: (index % 7) + 0.5,
  level: ref(`level-${index % 3}`),
}));
const levels = [0, 1, 2].map((index) => ({ id: `level-${index}`, name: `Level ${index}` }));
const objects = [...walls, ...levels];
const { body, records } = bodyOfLines(objects);

/**
 * A session talking to a page that holds the body's first `storedFrom` bytes, a store the rest,
 * spans of at most 300 bytes; every message and every read kept.
 */
function converse(storedFrom: number) {
  const heard: FromTable[] = [];
  const reads: Array<{ from: 'page' | 'store'; start: number }> = [];
  const listeners = new Set<(message: FromTable) => void>();
  const session: TableSession = new TableSession(
    (message) => {
      heard.push(message);
      for (const listener of listeners) listener(message);
      if (message.type === 'want') {
        const spanned = { count: records.length, record: (i: number) => records[i]!, storedFrom };
        const span = textSpan(spanned, message.from, 300);
        queueMicrotask(() => session.receive({ type: 'span', read: message.read, span }));
      }
    },
    {
      readPage: async (start, length) => {
        reads.push({ from: 'page', start });
        return [body.slice(start, start + length)];
      },
      readStored: async (start, length) => {
        reads.push({ from: 'store', start: storedFrom + start });
        return body.slice(storedFrom + start, storedFrom + start + length);
      },
    },
  );
  const next = (type: FromTable['type'], generation: number) =>
    new Promise<FromTable>((resolve) => {
      const listener = (message: FromTable) => {
        if (message.type === type && 'generation' in message && message.generation === generation) {
          listeners.delete(listener);
          resolve(message);
        }
      };
      listeners.add(listener);
    });
  return { session, heard, reads, next };
}

const spec: TableSpec = {
  ...EMPTY_TABLE,
  source: { kind: 'type', speckleType: 'Wall' },
  columns: ['height', 'level.name'],
};

describe('the table’s session', () => {
  it('reads the page’s bytes and the store’s, follows references, answers rows and suggestions', async () => {
    const { session, heard, reads, next } = converse(Math.floor(body.length / 2));
    session.receive({ type: 'spec', generation: 1, spec, findingIds: null });
    expect(await next('view', 1)).toEqual({
      type: 'view',
      generation: 1,
      rowCount: 40,
      groups: null,
    });
    expect(heard.find((message) => message.type === 'built')).toMatchObject({ sourceCount: 40 });
    const passes = heard.filter((message) => message.type === 'progress').map((m) => m.pass);
    expect(new Set(passes)).toEqual(new Set([0, 1]));
    expect(reads.some(({ from }) => from === 'page')).toBe(true);
    expect(reads.some(({ from }) => from === 'store')).toBe(true);

    const answered = next('rows', 1);
    session.receive({ type: 'rows', generation: 1, request: 7, start: 38, end: 50 });
    expect(await answered).toEqual({
      type: 'rows',
      generation: 1,
      request: 7,
      start: 38,
      rows: [
        {
          id: 'wall-38',
          cells: [
            { text: '3.5', unit: 'm' },
            { text: 'Level 2', unit: null },
          ],
        },
        {
          id: 'wall-39',
          cells: [
            { text: '4.5', unit: 'm' },
            { text: 'Level 0', unit: null },
          ],
        },
      ],
    });
    const suggestions = await next('suggestions', 1);
    expect(suggestions).toMatchObject({
      suggestions: expect.arrayContaining([{ column: 'height', count: 40, numeric: true }]),
    });
  });

  it('reads again only the spans that hold the objects the cells wait for', async () => {
    const { session, reads, next } = converse(body.length);
    session.receive({ type: 'spec', generation: 1, spec, findingIds: null });
    await next('built', 1);
    const spanned = {
      count: records.length,
      record: (i: number) => records[i]!,
      storedFrom: body.length,
    };
    let spans = 0;
    for (let from = 0; from < records.length; spans += 1) {
      from += textSpan(spanned, from, 300).ids.length;
    }
    const levelsStart = records[walls.length]!.start;
    const second = reads.slice(spans);
    // The levels, 3 short objects at the body's end: one span, or two when a span ends among them.
    expect(second.length).toBeGreaterThan(0);
    expect(second.length).toBeLessThanOrEqual(2);
    expect(second.every(({ start }) => start >= levelsStart - 300)).toBe(true);
  });

  it('answers a new sort or grouping without reading the set again', async () => {
    const { session, heard, next } = converse(body.length);
    session.receive({ type: 'spec', generation: 1, spec, findingIds: null });
    await next('suggestions', 1);
    const wants = heard.filter(({ type }) => type === 'want').length;
    const grouped = {
      ...spec,
      groupBy: 'level.name',
      sort: { column: 'height', descending: true },
    };
    // Answered at once, from the table built.
    const viewed = next('view', 2);
    const suggested = next('suggestions', 2);
    session.receive({ type: 'spec', generation: 2, spec: grouped, findingIds: null });
    const view = await viewed;
    expect(view).toMatchObject({
      rowCount: 40,
      groups: [
        { value: 'Level 0', count: 14 },
        { value: 'Level 1', count: 13 },
        { value: 'Level 2', count: 13 },
      ],
    });
    await suggested;
    expect(heard.filter(({ type }) => type === 'want').length).toBe(wants);
  });

  it('lets the build under way answer a new sort of the same rows and columns', async () => {
    const once = converse(body.length);
    once.session.receive({ type: 'spec', generation: 1, spec, findingIds: null });
    await once.next('view', 1);
    const wantsOfOneBuild = once.heard.filter(({ type }) => type === 'want').length;

    const { session, heard, next } = converse(body.length);
    session.receive({ type: 'spec', generation: 1, spec, findingIds: null });
    const sorted = { ...spec, sort: { column: 'height', descending: false } };
    session.receive({ type: 'spec', generation: 2, spec: sorted, findingIds: null });
    await next('view', 2);
    expect(heard.filter(({ type }) => type === 'want').length).toBe(wantsOfOneBuild);
    expect(heard.some((message) => message.type === 'view' && message.generation === 1)).toBe(
      false,
    );
    const answered = next('rows', 2);
    session.receive({ type: 'rows', generation: 2, request: 1, start: 0, end: 2 });
    expect(await answered).toMatchObject({
      rows: [{ id: 'wall-00' }, { id: 'wall-07' }],
    });
  });

  it('drops a build a new spec replaces, and stops at a cancel', async () => {
    const { session, heard, next } = converse(body.length);
    session.receive({ type: 'spec', generation: 1, spec, findingIds: null });
    session.receive({
      type: 'spec',
      generation: 2,
      spec: { ...spec, columns: ['id'] },
      findingIds: null,
    });
    await next('view', 2);
    expect(
      heard.some(
        (message) => 'generation' in message && message.generation === 1 && message.type === 'view',
      ),
    ).toBe(false);

    session.receive({
      type: 'spec',
      generation: 3,
      spec: { ...spec, columns: ['units'] },
      findingIds: null,
    });
    session.receive({ type: 'cancel' });
    // A later spec is answered: the session goes on after a cancel.
    session.receive({ type: 'spec', generation: 4, spec, findingIds: null });
    await next('view', 4);
    const third = heard.filter((message) => 'generation' in message && message.generation === 3);
    expect(third).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { LinksBuild } from '../../../../../src/features/explore/links/linksBuild';
import type { FromLinks } from '../../../../../src/features/explore/links/linksMessages';
import { textSpan } from '../../../../../src/objects/spans/textSpans';
import { LINK_BY } from '../../../../../src/speckle/graph/objectLinks';
import { bodyOfLines } from '../../../support/lineRecords';

const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });

/** A parent and its children, as a server's lines: enough objects for several small spans. */
const children = Array.from({ length: 30 }, (_, index) => ({
  id: `child-${String(index).padStart(2, '0')}`,
  speckle_type: 'Base',
  applicationId: `app-${index}`,
}));
const objects = [
  {
    id: 'parent',
    speckle_type: 'Base',
    items: children.map(({ id }) => ref(id)),
    groupProxies: [{ objects: ['app-3', 'app-missing'], name: 'Some' }],
  },
  ...children,
];
const { body, records } = bodyOfLines(objects);

/**
 * Runs a build the way the worker and the page talk, the page holding the body's first
 * `storedFrom` bytes and a store the rest; spans of at most 300 bytes.
 */
async function runBuild(storedFrom: number, bytesWithSpans = false) {
  const messages: FromLinks[] = [];
  const pageReads: number[] = [];
  const lent: ArrayBuffer[] = [];
  let build: LinksBuild;
  const delivered = new Promise<void>((resolve) => {
    build = new LinksBuild(
      (message) => {
        messages.push(message);
        if (message.type === 'want') {
          const objects = { count: records.length, record: (i: number) => records[i]!, storedFrom };
          // The spans asked for, one after another, as the page sends them.
          for (let sent = 0, from = message.from; sent < message.count; sent += 1) {
            const span = textSpan(objects, from, 300);
            const { start, inPage } = span;
            const bytes = bytesWithSpans && inPage > 0 ? body.slice(start, start + inPage) : null;
            if (bytes) lent.push(bytes.buffer);
            queueMicrotask(() => build.receive(span, bytes));
            if (span.ids.length === 0) break;
            from += span.ids.length;
          }
        }
        if (message.type === 'built') resolve();
      },
      {
        readPage: async (start, length) => {
          pageReads.push(start);
          return [body.slice(start, start + length)];
        },
        readStored: async (start, length) =>
          body.slice(storedFrom + start, storedFrom + start + length),
      },
    );
  });
  build!.start();
  await delivered;
  return { build: build!, messages, pageReads, lent };
}

describe('LinksBuild', () => {
  it.each([
    ['in the page', body.length],
    ['half on disk', Math.floor(body.length / 2)],
    ['all on disk', 0],
  ])('reads every object a span at a time, %s, and answers once built', async (_, storedFrom) => {
    const { build, messages } = await runBuild(storedFrom);
    const progress = messages.filter((message) => message.type === 'progress');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toEqual({ type: 'progress', read: 31, available: 31 });
    expect(messages.find((message) => message.type === 'built')).toEqual({
      type: 'built',
      objects: 31,
    });

    build.about(7, 'child-03');
    expect(messages.at(-1)).toMatchObject({
      type: 'about',
      request: 7,
      links: { referrers: [{ id: 'parent', by: LINK_BY.reference | LINK_BY.proxy }] },
    });
  });

  it('reads the bytes the page lent with each span, asking for none, and gives them back', async () => {
    const { build, messages, pageReads, lent } = await runBuild(Math.floor(body.length / 2), true);
    expect(pageReads).toEqual([]);
    expect(lent.length).toBeGreaterThan(1);
    expect(
      messages.flatMap((message) => (message.type === 'returned' ? [message.buffer] : [])),
    ).toEqual(lent);
    expect(messages.find((message) => message.type === 'built')).toEqual({
      type: 'built',
      objects: 31,
    });
    build.about(1, 'child-29');
    expect(messages.at(-1)).toMatchObject({
      links: { referrers: [{ id: 'parent', by: LINK_BY.reference }] },
    });
  });

  it('answers a lookup asked before the index is built once it is', async () => {
    const messages: FromLinks[] = [];
    const build = new LinksBuild((message) => messages.push(message), {
      readPage: async () => [],
      readStored: async () => new Uint8Array(),
    });
    build.start();
    build.about(1, 'nothing');
    expect(messages).toEqual([{ type: 'want', from: 0, count: 4 }]);
    build.receive({ ...textSpan({ count: 0, record: () => records[0]!, storedFrom: 0 }, 0) });
    expect(messages.slice(1)).toEqual([
      { type: 'built', objects: 0 },
      {
        type: 'about',
        request: 1,
        links: { referrers: [], applied: [], instance: null, proxies: [] },
      },
    ]);
  });

  it('says so when a span cannot be read', async () => {
    const messages: FromLinks[] = [];
    const failed = new Promise<void>((resolve) => {
      const build = new LinksBuild(
        (message) => {
          messages.push(message);
          if (message.type === 'want') {
            const objects = {
              count: records.length,
              record: (i: number) => records[i]!,
              storedFrom: 0,
            };
            queueMicrotask(() => build.receive(textSpan(objects, message.from)));
          }
          if (message.type === 'failed') resolve();
        },
        {
          readPage: async () => [],
          readStored: () => Promise.reject(new Error('the file is gone')),
        },
      );
      build.start();
    });
    await failed;
    expect(messages.at(-1)).toEqual({ type: 'failed', message: 'the file is gone' });
  });
});

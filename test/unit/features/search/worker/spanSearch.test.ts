import { afterEach, describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../../../src/bytes/lines';
import { DEFAULT_MATCH_OPTIONS, type MatchOptions } from '../../../../../src/speckle/searchQuery';
import { memoryByteStore } from '../../../support/memoryByteStore';
import { readFromStorePort } from '../../../../../src/objects/set/storeReader';
import type { SpilledBody } from '../../../../../src/objects/set/textWindows';
import type { FromDiskSearch } from '../../../../../src/features/search/worker/diskSearchMessages';
import {
  SLOW_OBJECT_MS,
  type SearchSpec,
  type SearchUpdate,
} from '../../../../../src/features/search/worker/objectMatching';
import { SpanSearch } from '../../../../../src/features/search/worker/spanSearch';
import { textSpan, type SpannedObjects } from '../../../../../src/objects/spans/textSpans';
import { generatedFixture } from '../../../support/speckleFixtures';
import { searchAll } from '../../../support/searchAll';

const spec = (query: string, options: Partial<MatchOptions> = {}): SearchSpec => ({
  query,
  options: { ...DEFAULT_MATCH_OPTIONS, ...options },
});

const encoder = new TextEncoder();
const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((port) => port.close()));

/** The records as a with-children body (`id\tjson\n`), with each text's place in it. */
function bodyOf(records: readonly LineRecord[]) {
  const lines = records.map(({ id, raw }) => encoder.encode(`${id}\t${raw}\n`));
  const bytes = new Uint8Array(lines.reduce((sum, line) => sum + line.length, 0));
  const places: { id: string; start: number; bytes: number }[] = [];
  let offset = 0;
  for (const [index, line] of lines.entries()) {
    bytes.set(line, offset);
    const { id, raw } = records[index]!;
    places.push({ id, start: offset + id.length + 1, bytes: encoder.encode(raw).length });
    offset += line.length;
  }
  return { bytes, places };
}

/**
 * A body whose bytes from `storedFrom` on are in a store (the first `stored` of them so far), the
 * search's worker and the page's half wired by hand, spans of `spanBytes`.
 */
function diskSearch(
  records: readonly LineRecord[],
  {
    storedFrom = 0,
    spanBytes = 4096,
    stored = Infinity,
    now = (): number => 0,
  }: { storedFrom?: number; spanBytes?: number; stored?: number; now?: () => number } = {},
) {
  const { bytes, places } = bodyOf(records);
  const store = memoryByteStore();
  const rest = bytes.subarray(storedFrom);
  store.append([rest.subarray(0, Math.min(stored, rest.length))]);
  const body: SpilledBody = {
    storedFrom,
    // In pieces of at most 700 bytes, as the page's blocks would give them.
    pagePieces: (start, length) => {
      const pieces: Uint8Array[] = [];
      for (let at = start; at < start + length; at += 700) {
        pieces.push(bytes.slice(at, Math.min(at + 700, start + length)));
      }
      return pieces;
    },
    store,
  };
  const { port: reader } = store.reader();
  ports.push(reader);
  const objects: SpannedObjects = {
    count: places.length,
    record: (index) => places[index]!,
    storedFrom,
  };
  const messages: FromDiskSearch[] = [];
  const wanted: number[] = [];
  let settle: (update: SearchUpdate) => void = () => undefined;
  const search = new SpanSearch({
    post(message) {
      messages.push(message);
      if (message.type === 'want') {
        wanted.push(message.from);
        // The page answers in a later task, as a worker's message would come.
        setTimeout(() =>
          search.receive({
            ...textSpan(objects, message.from, spanBytes),
            queryId: message.queryId,
          }),
        );
      } else if (message.type === 'update' && message.state !== 'searching') settle(message);
    },
    readStored: readFromStorePort(reader),
    // Pieces of the page's bytes come in later tasks, as a worker's messages would.
    readPage: (start, length) =>
      new Promise((resolve) => setTimeout(() => resolve(body.pagePieces(start, length)))),
    now,
  });
  return {
    search,
    objects,
    messages,
    wanted,
    storeRest: () => store.append([rest.subarray(Math.min(stored, rest.length))]),
    /** The next update that ends a search (caught up or stopped). */
    settled: () => new Promise<SearchUpdate>((resolve) => (settle = resolve)),
    found: (queryId: number) =>
      messages.flatMap((message) =>
        message.type === 'update' && message.queryId === queryId
          ? message.objects.map((index, at) => ({ index, total: message.counts[at] }))
          : [],
      ),
  };
}

const building: LineRecord[] = generatedFixture(300).map(({ id, raw }) => ({ id, raw }));
const expected = (query: string) =>
  searchAll(building, query).map(({ index, total }) => ({ index, total }));

describe('searching a body on disk a span at a time', () => {
  it('finds what the in-memory search finds, each object once, with spans far smaller than the body', async () => {
    const { bytes } = bodyOf(building);
    // Part of the body in the page, the rest in the store, the edge inside an object.
    const run = diskSearch(building, { storedFrom: Math.floor(bytes.length / 3), spanBytes: 2000 });
    const done = run.settled();
    run.search.search(1, spec('RevitWall'));
    const end = await done;

    expect(expected('RevitWall').length).toBeGreaterThan(10);
    expect(run.found(1)).toEqual(expected('RevitWall'));
    expect(end).toMatchObject({ state: 'caught-up', scanned: 300, available: 300 });
    // Many spans, each asked for once, in order.
    expect(run.wanted.length).toBeGreaterThan(20);
    expect(run.wanted).toEqual([...run.wanted].sort((a, b) => a - b));
    expect(new Set(run.wanted).size).toBe(run.wanted.length);
    // Progress comes span by span.
    const scanned = run.messages.flatMap((m) => (m.type === 'update' ? [m.scanned] : []));
    expect(scanned.length).toBeGreaterThan(20);
  });

  it('keeps an object whole when it is larger than a span, or cut by the page’s edge in a character', async () => {
    const big = {
      id: 'b'.repeat(32),
      raw: `{"id":"${'b'.repeat(32)}","name":"${'x'.repeat(5000)}Zürich"}`,
    };
    const cut = { id: 'c'.repeat(32), raw: `{"id":"${'c'.repeat(32)}","name":"Genève ü"}` };
    const records = [building[0]!, big, cut, building[1]!];
    const { bytes, places } = bodyOf(records);
    // The page's bytes end between the two bytes of "ü".
    const ü = places[2]!.start + encoder.encode(cut.raw).indexOf(0xc3);
    expect(bytes[ü]).toBe(0xc3);
    const run = diskSearch(records, { storedFrom: ü + 1, spanBytes: 1000 });

    const first = run.settled();
    run.search.search(1, spec('zürich'));
    await first;
    expect(run.found(1)).toEqual([{ index: 1, total: 1 }]);

    const second = run.settled();
    run.search.search(2, spec('genève ü'));
    await second;
    expect(run.found(2)).toEqual([{ index: 2, total: 1 }]);
    // The matches of an object are read from its own span of one, across the page's edge.
    const request = { queryId: 2, index: 2, from: 0, limit: 50 };
    await run.search.details(request, { ...textSpan(run.objects, 2, 0), queryId: 2 });
    const details = run.messages.find((message) => message.type === 'details');
    expect(details).toMatchObject({ id: cut.id, index: 2, name: 'Genève ü' });
    expect(details?.type === 'details' && details.matches).toEqual([
      { path: ['name'], field: 'name', excerpt: 'Genève ü', marks: [{ start: 0, end: 8 }] },
    ]);
  });

  it('drops the search before when a new query comes, and stops on an empty one', async () => {
    const run = diskSearch(building, { spanBytes: 2000 });
    run.search.search(1, spec('RevitWall'));
    const done = run.settled();
    run.search.search(2, spec('Objects.Geometry.Mesh'));
    const end = await done;
    expect(end.queryId).toBe(2);
    const asked = run.wanted.length;
    const updatesOfFirst = run.messages.filter((m) => m.type === 'update' && m.queryId === 1);
    expect(updatesOfFirst).toEqual([]);

    run.search.search(3, spec('RevitWall'));
    run.search.search(4, null);
    // The span asked for query 3 comes, and nothing follows it.
    await new Promise((resolve) => setTimeout(resolve));
    await new Promise((resolve) => setTimeout(resolve));
    expect(run.messages.filter((m) => m.type === 'update' && m.queryId >= 3)).toEqual([]);
    expect(run.wanted.length).toBe(asked + 1);
  });

  it('stops when told, asking for no more spans, and still reads the matches of an object', async () => {
    const run = diskSearch(building, { spanBytes: 2000 });
    run.search.search(1, spec('RevitWall'));
    await expect.poll(() => run.found(1).length).toBeGreaterThan(0);
    run.search.stop(1);
    const asked = run.wanted.length;
    const updates = run.messages.filter((m) => m.type === 'update').length;
    await new Promise((resolve) => setTimeout(resolve));
    await new Promise((resolve) => setTimeout(resolve));
    expect(run.wanted.length).toBeLessThanOrEqual(asked + 1);
    expect(run.messages.filter((m) => m.type === 'update').length).toBe(updates);

    const restarted = diskSearch(building);
    restarted.search.search(2, spec('RevitWall'), false);
    const [first] = expected('RevitWall');
    const request = { queryId: 2, index: first!.index, from: 0, limit: 50 };
    await restarted.search.details(request, {
      ...textSpan(restarted.objects, first!.index, 0),
      queryId: 2,
    });
    expect(restarted.wanted).toEqual([]);
    expect(restarted.messages).toEqual([
      expect.objectContaining({ type: 'details', id: building[first!.index]!.id }),
    ]);
  });

  it('stops a regular expression that takes too long on one object, mid-span', async () => {
    let readings = 0;
    // Each object is timed by two readings; the fifth object's second one is past the allowance.
    const now = () => ((readings += 1) >= 10 ? SLOW_OBJECT_MS * 2 : 0);
    const run = diskSearch(building, { now });
    const done = run.settled();
    run.search.search(1, spec('Revit', { regex: true }));
    const end = await done;
    expect(end).toMatchObject({ state: 'too-long', scanned: 5 });
    run.search.more();
    expect(run.messages.filter((m) => m.type === 'update').at(-1)).toBe(end);
  });

  it('goes on with objects that arrive after it searched those there were', async () => {
    const run = diskSearch(building, { spanBytes: 3000 });
    run.objects.count = 150;
    const first = run.settled();
    run.search.search(1, spec('RevitWall'));
    expect(await first).toMatchObject({ state: 'caught-up', scanned: 150, available: 150 });

    run.objects.count = 300;
    const second = run.settled();
    run.search.more();
    expect(await second).toMatchObject({ state: 'caught-up', scanned: 300, available: 300 });
    expect(run.found(1)).toEqual(expected('RevitWall'));
  });

  it('waits for bytes the store has not taken yet', async () => {
    const { bytes } = bodyOf(building);
    const run = diskSearch(building, { stored: Math.floor(bytes.length / 2), spanBytes: 5000 });
    const done = run.settled();
    run.search.search(1, spec('RevitWall'));
    // The first spans are searched; the one past the stored bytes waits for them.
    await expect
      .poll(() => run.messages.filter((m) => m.type === 'update').length)
      .toBeGreaterThan(1);
    run.storeRest();
    await done;
    expect(run.found(1)).toEqual(expected('RevitWall'));
  });
});

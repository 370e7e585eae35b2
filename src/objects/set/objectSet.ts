/**
 * The objects of one with-children answer as they arrive. Raw bytes are the truth: the body is kept
 * as the blocks of bytes it arrived in, duplicates included, so that exports equal the server's
 * body byte for byte, and an object's text is decoded from its bytes when it is asked for. Strings
 * would cost more than the bytes (a string per object, and twice the bytes for any non-Latin-1
 * text); the bytes cost the body's size and nothing else.
 *
 * What the set knows of each line it keeps as columns of numbers (lineColumns.ts), each block's ids
 * as the one text the indexer sent, and an id table (idTable.ts) to find an object by id: no
 * JavaScript object or string per object, which cost the page most of its work while a 100,000-
 * object model loaded and every garbage collection a trace of each. Views get records made when
 * they ask for one (`summaries`, `records`).
 *
 * Views read it through `subscribe`/`getProgress` (useSyncExternalStore) rather than through the
 * query cache, which would copy the growing list on every chunk.
 */
import type { ApiError } from '../../api/apiError';
import type { LineRecord } from '../../bytes/lines';
import type { IndexedBlock } from './indexedBlock';
import { idHash } from '../../bytes/idHash';
import { IdTable } from './idTable';
import { Column, LineColumns } from './lineColumns';
import { itemsSoFar, type ReadonlyList } from '../../lib/readonlyList';
import { isTextTooLarge } from '../../speckle/textLimit';
import { Body, storedObjectClass, type ObjectSummary, type StoredObject } from './body';
import type { ByteSource } from './byteStore';
import { IdTexts } from './idTexts';
import { settlement } from '../../lib/settlement';
import { pieces, spilledBody, textWindows } from './textWindows';
import { ListView } from './listView';
import { startingProgress, type KeptBody, type LoadProgress } from './loadProgress';

/**
 * Each notice redraws the status, the list's length and the counts, then the page lays out and
 * paints: CPU that a big load on two cores has none of to spare. Four a second read as live
 * progress; ten made the load longer, two did not make it shorter.
 */
const NOTIFY_INTERVAL_MS = 250;

export type StoredRecord = LineRecord & ObjectSummary & Pick<StoredObject, 'encoded' | 'start'>;

export class ObjectSet {
  /** Each object once, in the order received. Views follow it while a load runs. */
  readonly summaries: ReadonlyList<StoredRecord> = new ListView(
    () => this.progress.received,
    (index) => this.lineRecord(this.distinctLine(index)),
  );
  /** Every line received, repeats included, in order. */
  readonly records: ReadonlyList<StoredRecord> = new ListView(
    () => this.lines.length,
    (line) => this.lineRecord(line),
  );
  /** The body as received, chunk by chunk: the lines point into it. */
  private readonly body = new Body();
  private readonly Stored = storedObjectClass(this.body);
  /** The load's type table: the indexer numbers each type name in order of first sight. */
  private readonly typeNames: string[] = [];
  private readonly idTexts = new IdTexts();
  /** Each line's columns, by line number. */
  private readonly lines = new LineColumns();
  /**
   * The line of each distinct object, once a line repeated an earlier one; until then every line
   * is a distinct object, and the list would only cost memory.
   */
  private distinctLines: Column<Uint32Array> | null = null;
  /** Each distinct object's line, filed by its id's hash. */
  private readonly table = new IdTable(this.lines.hashes);
  /** The lines whose text is not whole JSON: few, almost always none. */
  private readonly damagedLines = new Set<number>();
  /** The body offset just past the last good line. */
  private goodEnd = 0;
  private progress: LoadProgress;
  /** The objects received when the loader began to defer bytes: those the set can read. */
  private readableWhileDeferred: number | null = null;
  /** Asks the loader for the bytes it defers; set by the loader (see wantBytes). */
  private askForBytes: (() => void) | null = null;
  private bytesWanted = false;
  private readonly bytesHere = settlement();
  private readonly listeners = new Set<() => void>();
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly abortController = new AbortController();

  constructor(now = Date.now()) {
    this.progress = startingProgress(now);
  }

  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  get rootId(): string | null {
    return this.lines.length > 0 ? this.idOf(0) : null;
  }

  cancel(): void {
    this.abortController.abort();
  }

  has(id: string): boolean {
    return this.find(id) !== -1;
  }

  /**
   * Each object's id once, in the order received, as `summaries` lists them but without a record
   * for each: comparing two versions looks up every id of both. Objects that arrive meanwhile are
   * not part of it.
   */
  ids(): Iterable<string> {
    return itemsSoFar({
      length: this.progress.received,
      at: (index) => this.idOf(this.distinctLine(index)),
    });
  }

  /** Whether the object has arrived and its text can be read now (see wantBytes). */
  canRead(id: string): boolean {
    return this.readableLine(id) !== -1;
  }

  /** The object's text; undefined when it has not arrived or cannot be read yet. */
  raw(id: string): string | undefined {
    return this.readable(id)?.raw;
  }

  /** The object's text as the UTF-8 bytes received, in the pieces of the blocks they lie in. */
  encodedPieces(id: string): Uint8Array[] | undefined {
    return this.readable(id)?.pieces;
  }

  summary(id: string): ObjectSummary | undefined {
    const line = this.find(id);
    return line === -1 ? undefined : this.lineRecord(line);
  }

  /**
   * Has the loader send the bytes it defers, and every later block's as it comes; resolves
   * once they are here. A loader defers the bytes of all but the first blocks until a reader
   * needs them (objects/load/byteDeferral.ts): readers of any object's text but the root's wait for this.
   */
  wantBytes(): Promise<void> {
    if (!this.bytesWanted) {
      this.bytesWanted = true;
      // Without a loader, nothing defers bytes; a spilled body's are read back one by one.
      if (this.askForBytes && !this.body.store) this.askForBytes();
      else this.bytesHere.settle();
    }
    return this.bytesHere.done;
  }

  /** Brings the object's text where `raw` reads it: deferred bytes (wantBytes), or read back (spill). */
  async wantText(id: string): Promise<void> {
    const line = this.find(id);
    if (line === -1 || this.readableLine(id) !== -1) return;
    if (!this.body.store) {
      await this.wantBytes();
      // The loader may have spilled the body instead of sending its bytes.
      if (this.body.store) await this.wantText(id);
      return;
    }
    await this.body.readBack(this.lines.starts.at(line), this.lines.sizes.at(line));
    this.notify();
  }

  /** Whether the body went to a byte store (loader: spill), its texts read back one by one. */
  get spilled(): boolean {
    return this.body.store !== null;
  }

  /**
   * The bytes the loader deferred, and every later block's, go to `store` instead of the page, or
   * stay in the opened files: each object's text is read back from there when asked for (wantText).
   */
  spillTo(store: ByteSource, where: 'disk' | 'file' = 'disk'): void {
    this.body.spillTo(store);
    this.readableWhileDeferred = null;
    this.bytesHere.settle();
    this.update({ readable: this.progress.received, stored: where }, 'now');
  }

  /**
   * The store kept only its first `storedBytes` (the browser's storage filled): the objects whose
   * text lies past them stay listed but cannot be read, and the body's copy ends with the last
   * line kept. Says what is kept.
   */
  keepStoredOnly(storedBytes: number): KeptBody {
    const end = this.body.keepStoredOnly(storedBytes);
    const { lines, progress } = this;
    const keptLines = lines.countEndingBefore(end, lines.length, (line) => line);
    const readable = lines.countEndingBefore(end, progress.received, this.distinctLine);
    // The copy ends with the newline after the last line kept (a `\r` before it is left out).
    this.goodEnd = Math.min(this.goodEnd, keptLines > 0 ? lines.endOf(keptLines - 1) + 1 : end);
    this.update({ readable }, 'now');
    return { keptBytes: end, bodyBytes: progress.bytes, readable, received: progress.received };
  }

  /** Why the body stays in the page though it is too big for it (objects/spill/spillPlan.ts). */
  noteStorage(note: string): void {
    this.update({ storageNote: note }, 'now');
  }

  /** Drops the set's store (its file on disk); the set can no longer read what went there. */
  dispose(): void {
    void this.body.store?.release();
  }

  /** How the loader is asked for the bytes it defers, once a reader wants them. */
  askForBytesWith(ask: () => void): void {
    this.askForBytes = ask;
    if (this.bytesWanted) ask();
  }

  /** Adds an indexed block of lines; the block's new type names join the load's type table. */
  appendBlock(block: IndexedBlock): void {
    let { received, expected, duplicates, tooLarge, damaged } = this.progress;
    const { bytes, byteLength, offset, starts, ends, types, idHashes } = block;
    const firstLine = this.lines.length;
    if (!bytes && !this.body.store) this.readableWhileDeferred ??= received;
    this.typeNames.push(...block.newTypes);
    this.body.append(bytes, offset, byteLength);
    if (starts.length > 0) {
      this.idTexts.push(block.idText, block.idEnds, this.lines.length);
    }
    this.goodEnd = block.goodEnd;
    if (received === 0 && block.expected !== null) {
      expected = block.expected;
      // The root's closure says how many objects to expect: room for them is made once.
      this.lines.reserve(expected);
      this.table.reserve(expected);
    }
    for (let index = 0; index < starts.length; index += 1) {
      const hash = idHashes[index]!;
      const start = starts[index]!;
      const size = ends[index]! - start;
      const line = this.lines.push(start, size, types[index]!, hash);
      if (this.table.addUnlessPresent(line, this.sameIds) !== -1) {
        duplicates += 1;
        this.distinctLines ??= Column.counting(line);
        continue;
      }
      this.distinctLines?.push(line);
      received += 1;
      if (isTextTooLarge(size)) tooLarge += 1;
    }
    for (const index of block.damaged) {
      const line = firstLine + index;
      this.damagedLines.add(line);
      // A repeat's damage leaves the object as its first copy read: only its downloads hold it.
      if (this.find(this.idOf(line)) === line) damaged += 1;
    }
    // The first body bytes and the root change what the page shows: they are told in the next
    // task, not in this one, which would then also hold the root's drawing (a long task).
    const news =
      this.progress.status !== 'loading' || (this.progress.received === 0 && received > 0);
    this.update(
      {
        status: 'loading',
        received,
        readable: this.readableWhileDeferred ?? received,
        expected,
        duplicates,
        tooLarge,
        damaged,
        bytes: offset + byteLength,
        retry: null,
      },
      news ? 'next task' : 'throttled',
    );
  }

  /** The bytes of the blocks that arrived without them, in order (objects/load/byteDeferral.ts). */
  receiveBytes(parts: readonly Uint8Array[]): void {
    this.body.fill(parts);
    this.readableWhileDeferred = null;
    this.bytesHere.settle();
    this.update({ readable: this.progress.received }, 'now');
  }

  /**
   * The body's bytes up to the end of its last good line, as received: what a byte-exact copy of
   * the body holds (a line cut short or malformed left out). Taken now: blocks that arrive later
   * are not part of it, nor are bytes the loader still defers (see wantBytes).
   */
  bodyBytes(): Uint8Array[] {
    return this.body.bytesBefore(Math.min(this.goodEnd, this.body.readableEnd));
  }

  /** The length of bodyBytes, wherever the bytes are: the JSON lines file's size. */
  bodyLength(): number {
    return Math.min(this.goodEnd, this.body.store ? Infinity : this.body.readableEnd);
  }

  /** The body as bodyBytes, for a spilled body read from the store piece by piece. */
  bodyPieces(): readonly Uint8Array[] | AsyncIterable<Uint8Array> {
    return this.body.store ? pieces(this.body, this.bodyLength()) : this.bodyBytes();
  }

  /** Every line, or each object once, for readers of all texts: in the page, or read in spans. */
  withTexts(
    which: 'records' | 'summaries',
  ): ReadonlyList<StoredRecord> | AsyncIterable<StoredRecord> {
    if (!this.body.store) return this[which];
    const lineOf = which === 'summaries' ? this.distinctLine : (index: number) => index;
    const { starts, sizes } = this.lines;
    return textWindows({
      // Those whose text the store kept: all of them, unless it filled.
      count: this.lines.countEndingBefore(this.body.keptEnd, this[which].length, lineOf),
      start: (index) => starts.at(lineOf(index)),
      size: (index) => sizes.at(lineOf(index)),
      read: (start, length) => this.body.read(start, length),
      record: (index, Stored) => this.lineRecord(lineOf(index), Stored),
    });
  }

  /** Where a spilled body lies, for the search to read its texts off the page; null in the page. */
  readonly spilledBody = () => spilledBody(this.body);

  waitForRetry(retry: LoadProgress['retry'], error: ApiError): void {
    this.update({ retry, error }, 'now');
  }

  finish(): void {
    this.bytesHere.settle();
    this.update({ status: 'complete', finishedAt: Date.now(), error: null, retry: null }, 'now');
  }

  fail(error: ApiError): void {
    this.bytesHere.settle();
    const status = this.lines.length > 0 ? 'incomplete' : 'failed';
    this.update({ status, error, finishedAt: Date.now(), retry: null }, 'now');
  }

  getProgress = (): LoadProgress => this.progress;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private lineRecord(line: number, Stored = this.Stored): StoredObject {
    const { lines } = this;
    return new Stored(
      this.idOf(line),
      this.typeNames[lines.types.at(line)] ?? '',
      lines.sizes.at(line),
      lines.starts.at(line),
      this.damagedLines.size > 0 && this.damagedLines.has(line),
    );
  }

  private readable(id: string): StoredObject | undefined {
    const line = this.readableLine(id);
    return line === -1 ? undefined : this.lineRecord(line);
  }

  /** The line of the object with this id when its text can be read; -1 otherwise. */
  private readableLine(id: string): number {
    const line = this.find(id);
    if (line === -1) return -1;
    const { starts, sizes } = this.lines;
    return this.body.canSlice(starts.at(line), sizes.at(line)) ? line : -1;
  }

  /** The line of the object at `index` in `summaries`. */
  private readonly distinctLine = (index: number): number =>
    this.distinctLines ? this.distinctLines.at(index) : index;

  private idOf(line: number): string {
    return this.idTexts.idOf(line);
  }

  private readonly idIs = (line: number, id: string): boolean => this.idTexts.is(line, id);

  /** The line of the object with this id; -1 when none arrived. */
  private find(id: string): number {
    return this.table.find(idHash(id), id, this.idIs);
  }

  private readonly sameIds = (line: number, other: number): boolean =>
    this.idIs(line, this.idOf(other));

  private update(change: Partial<LoadProgress>, when: 'now' | 'next task' | 'throttled'): void {
    this.progress = { ...this.progress, ...change };
    if (when === 'now') {
      this.notify();
    } else if (when === 'next task') {
      if (this.notifyTimer) clearTimeout(this.notifyTimer);
      this.notifyTimer = setTimeout(() => this.notify());
    } else {
      // Chunks arrive many times a second; views only need a few updates a second.
      this.notifyTimer ??= setTimeout(() => this.notify(), NOTIFY_INTERVAL_MS);
    }
  }

  private notify(): void {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    for (const listener of this.listeners) listener();
  }
}

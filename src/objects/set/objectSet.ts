/**
 * The objects of one with-children answer (or of opened files) as they arrive: the one face that
 * loaders fill and views read. It holds three parts with a job each, and joins them where a
 * change touches more than one:
 *
 * - the index (setIndex.ts): ids, types, sizes, where each text lies, lookup by id;
 * - the texts (setTexts.ts): the body's bytes and each object's text read from them, wherever
 *   they are (in the page, held by the loader, spilled, in opened files);
 * - the status (setStatus.ts): the load's progress, its subscribers, its cancel.
 *
 * Views get records made when they ask for one (`summaries`, `records`), and read the progress
 * through `subscribe`/`getProgress` (useSyncExternalStore). Who keeps a set, and for how long, is
 * the registry's to say (setRegistry.ts).
 */
import type { ApiError } from '../../api/apiError';
import type { LineRecord } from '../../bytes/lines';
import type { ReadonlyList } from '../../lib/readonlyList';
import type { ObjectSummary, StoredObject } from './body';
import type { ByteSource } from './byteStore';
import type { IndexedBlock } from './indexedBlock';
import { ListView } from './listView';
import type { KeptBody, LoadProgress } from './loadProgress';
import { SetIndex } from './setIndex';
import { SetStatus } from './setStatus';
import { SetTexts } from './setTexts';
import type { SpilledBody } from './textWindows';

export type StoredRecord = LineRecord & ObjectSummary & Pick<StoredObject, 'encoded' | 'start'>;

export class ObjectSet {
  private readonly index = new SetIndex();
  private readonly texts = new SetTexts(this.index);
  private readonly status: SetStatus;
  /** Each object once, in the order received. Views follow it while a load runs. */
  readonly summaries: ReadonlyList<StoredRecord> = new ListView(
    () => this.index.distinct,
    (index) => this.texts.record(this.index.distinctLine(index)),
  );
  /** Every line received, repeats included, in order. */
  readonly records: ReadonlyList<StoredRecord> = new ListView(
    () => this.index.lineCount,
    (line) => this.texts.record(line),
  );

  constructor(now = Date.now()) {
    this.status = new SetStatus(now);
  }

  get signal(): AbortSignal {
    return this.status.signal;
  }

  get rootId(): string | null {
    return this.index.rootId;
  }

  cancel(): void {
    this.status.cancel();
  }

  has(id: string): boolean {
    return this.index.find(id) !== -1;
  }

  /** Each object's id once, in the order received, as `summaries` lists them (SetIndex.ids). */
  ids(): Iterable<string> {
    return this.index.ids();
  }

  /** Whether the object has arrived and its text can be read now (see wantBytes). */
  canRead(id: string): boolean {
    return this.texts.readableLine(id) !== -1;
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
    const line = this.index.find(id);
    return line === -1 ? undefined : this.texts.record(line);
  }

  /**
   * Has the loader send the bytes it defers, and every later block's as it comes; resolves
   * once they are here. A loader defers the bytes of all but the first blocks until a reader
   * needs them (objects/load/byteDeferral.ts): readers of any object's text but the root's wait for this.
   */
  wantBytes(): Promise<void> {
    return this.texts.wantBytes();
  }

  /** Brings the object's text where `raw` reads it: deferred bytes (wantBytes), or read back (spill). */
  async wantText(id: string): Promise<void> {
    if (await this.texts.wantText(id)) this.status.notify();
  }

  /** Whether the body went to a byte store (loader: spill), its texts read back one by one. */
  get spilled(): boolean {
    return this.texts.spilled;
  }

  /**
   * The bytes the loader deferred, and every later block's, go to `store` instead of the page, or
   * stay in the opened files: each object's text is read back from there when asked for (wantText).
   */
  spillTo(store: ByteSource, where: 'disk' | 'file' = 'disk'): void {
    this.texts.spillTo(store);
    this.status.update({ readable: this.index.distinct, stored: where }, 'now');
  }

  /**
   * The store kept only its first `storedBytes` (the browser's storage filled): the objects whose
   * text lies past them stay listed but cannot be read, and the body's copy ends with the last
   * line kept. Says what is kept.
   */
  keepStoredOnly(storedBytes: number): KeptBody {
    const { keptBytes, readable } = this.texts.keepStoredOnly(storedBytes);
    this.status.update({ readable }, 'now');
    const { bytes, received } = this.status.getProgress();
    return { keptBytes, bodyBytes: bytes, readable, received };
  }

  /** Why the body stays in the page though it is too big for it (objects/spill/spillPlan.ts). */
  noteStorage(note: string): void {
    this.status.update({ storageNote: note }, 'now');
  }

  /** Drops the set's store (its file on disk); the set can no longer read what went there. */
  dispose(): void {
    this.texts.dispose();
  }

  /** How the loader is asked for the bytes it defers, once a reader wants them. */
  askForBytesWith(ask: () => void): void {
    this.texts.askForBytesWith(ask);
  }

  /** Adds an indexed block of lines; the block's new type names join the load's type table. */
  appendBlock(block: IndexedBlock): void {
    const before = this.status.getProgress();
    this.texts.append(block, before.received);
    const counts = this.index.add(block);
    // The first body bytes and the root change what the page shows: they are told in the next
    // task, not in this one, which would then also hold the root's drawing (a long task).
    const news = before.status !== 'loading' || (before.received === 0 && counts.received > 0);
    this.status.update(
      {
        ...counts,
        status: 'loading',
        readable: this.texts.readable(counts.received),
        bytes: block.offset + block.byteLength,
        retry: null,
      },
      news ? 'next task' : 'throttled',
    );
  }

  /** The bytes of the blocks that arrived without them, in order (objects/load/byteDeferral.ts). */
  receiveBytes(parts: readonly Uint8Array[]): void {
    this.texts.receive(parts);
    this.status.update({ readable: this.index.distinct }, 'now');
  }

  /**
   * The body's bytes up to the end of its last good line, as received: what a byte-exact copy of
   * the body holds (a line cut short or malformed left out). Taken now: blocks that arrive later
   * are not part of it, nor are bytes the loader still defers (see wantBytes).
   */
  bodyBytes(): Uint8Array[] {
    return this.texts.bodyBytes();
  }

  /** The length of bodyBytes, wherever the bytes are: the JSON lines file's size. */
  bodyLength(): number {
    return this.texts.bodyLength();
  }

  /** The body as bodyBytes, for a spilled body read from the store piece by piece. */
  bodyPieces(): readonly Uint8Array[] | AsyncIterable<Uint8Array> {
    return this.texts.bodyPieces();
  }

  /** Every line, or each object once, for readers of all texts: in the page, or read in spans. */
  withTexts(
    which: 'records' | 'summaries',
  ): ReadonlyList<StoredRecord> | AsyncIterable<StoredRecord> {
    if (!this.texts.spilled) return this[which];
    const lineOf = which === 'summaries' ? this.index.distinctLine : (line: number) => line;
    return this.texts.inSpans(this[which].length, lineOf);
  }

  /** Where a spilled body lies, for the search to read its texts off the page; null in the page. */
  readonly spilledBody = (): SpilledBody | null => this.texts.spilledBody();

  waitForRetry(retry: LoadProgress['retry'], error: ApiError): void {
    this.status.update({ retry, error }, 'now');
  }

  finish(): void {
    this.texts.ended();
    this.status.update(
      { status: 'complete', finishedAt: Date.now(), error: null, retry: null },
      'now',
    );
  }

  fail(error: ApiError): void {
    this.texts.ended();
    const status = this.index.lineCount > 0 ? 'incomplete' : 'failed';
    this.status.update({ status, error, finishedAt: Date.now(), retry: null }, 'now');
  }

  getProgress = (): LoadProgress => this.status.getProgress();

  subscribe = (listener: () => void): (() => void) => this.status.subscribe(listener);

  private readable(id: string): StoredObject | undefined {
    const line = this.texts.readableLine(id);
    return line === -1 ? undefined : this.texts.record(line);
  }
}

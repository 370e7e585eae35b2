/**
 * A Map from ids to numbers without a string per id: a root's `__closure` (id → depth), or the
 * closure check's count of each id received. A million-object root's closure as a Map held a
 * million id strings and a million-entry table in the JavaScript heap for as long as its result
 * was open: every full garbage collection then marked and moved them, one pause of about 140 ms
 * of CPU that fell into the list's scroll (docs/storage.md). Here the ids are the code units of
 * one typed array, filed by idHash with open addressing as the object set files its lines
 * (objects/set/idTable.ts); an id's string is made only when the map is iterated.
 */
import { HASH_SEED, idHash, nextHash } from './idHash';
import { decodeSpan } from './utf8Text';

const EMPTY = -1;
const LATIN1_MAX = 0xff;
const ASCII_MAX = 0x7f;
const PIECE = 4096;
/** The length of Speckle's ids (32 hex digits), by which room for the expected ids is made. */
const SPECKLE_ID_LENGTH = 32;

export class IdNumberMap implements ReadonlyMap<string, number> {
  /** Every id's code units, one after another: bytes until an id needs more than Latin-1. */
  private units: Uint8Array | Uint16Array;
  private unitCount = 0;
  /** Where each entry's id ends in `units`, by entry number (the order of first setting). */
  private ends: Uint32Array;
  private numbers: Float64Array;
  private hashes: Uint32Array;
  private count = 0;
  /** Entry numbers filed by hash, at most half full; EMPTY where none. */
  private slots: Int32Array;

  /**
   * @param expected how many ids the map will likely hold: room for them is made now, in one
   * step. Grown as it fills, a map of a million ids refiled and copied them at once, a task of
   * 50 to 70 ms in the middle of the main thread's work on a loaded model (docs/storage.md).
   */
  constructor(expected = 0) {
    const entries = Math.max(64, expected);
    this.units = new Uint8Array(Math.max(1024, expected * SPECKLE_ID_LENGTH));
    this.ends = new Uint32Array(entries);
    this.numbers = new Float64Array(entries);
    this.hashes = new Uint32Array(entries);
    let slots = 16;
    while (expected * 2 >= slots) slots *= 2;
    this.slots = new Int32Array(slots).fill(EMPTY);
  }

  get size(): number {
    return this.count;
  }

  readonly [Symbol.toStringTag] = 'IdNumberMap';

  /** As Map.set: a new id goes last, a known one keeps its place and takes the new value. */
  set(id: string, value: number): this {
    const hash = idHash(id);
    const slot = this.probe(hash, id);
    const filed = this.slots[slot]!;
    if (filed !== EMPTY) this.numbers[filed] = value;
    else this.file(slot, this.append(id, hash, value));
    return this;
  }

  /**
   * The entry number of `id` (entries are numbered from 0 in the order of first setting), set
   * with the value 0 when it is new: for a reader that numbers ids rather than mapping them.
   */
  add(id: string): number {
    const hash = idHash(id);
    const slot = this.probe(hash, id);
    return this.slots[slot] === EMPTY
      ? this.file(slot, this.append(id, hash, 0))
      : this.slots[slot]!;
  }

  /**
   * `add` of the id whose UTF-8 bytes are `bytes[from, to)`, without making its string: an ASCII
   * id's bytes are its code units, and numbering a million closure entries by their strings was
   * most of the work of the index of who points where (speckle/graph/objectLinks.ts).
   */
  addBytes(bytes: Uint8Array, from: number, to: number): number {
    let hash = HASH_SEED;
    for (let at = from; at < to; at += 1) {
      const byte = bytes[at]!;
      if (byte > ASCII_MAX) return this.add(decodeSpan(bytes, from, to));
      hash = nextHash(hash, byte);
    }
    hash >>>= 0;
    const { slots, hashes } = this;
    const mask = slots.length - 1;
    let slot = hash & mask;
    for (; slots[slot] !== EMPTY; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (hashes[entry] === hash && this.bytesAre(entry, bytes, from, to)) return entry;
    }
    return this.file(slot, this.appendBytes(bytes, from, to, hash));
  }

  /** `set` of the id whose UTF-8 bytes are `bytes[from, to)`, read as `addBytes` reads them. */
  setBytes(bytes: Uint8Array, from: number, to: number, value: number): this {
    // Numbered first: adding may grow the array of numbers.
    const entry = this.addBytes(bytes, from, to);
    this.numbers[entry] = value;
    return this;
  }

  /** The entry number of `id`, or -1 when it is not there. */
  entry(id: string): number {
    return this.slots[this.probe(idHash(id), id)]!;
  }

  get(id: string): number | undefined {
    const entry = this.slots[this.probe(idHash(id), id)]!;
    return entry === EMPTY ? undefined : this.numbers[entry];
  }

  has(id: string): boolean {
    return this.slots[this.probe(idHash(id), id)] !== EMPTY;
  }

  forEach(
    callback: (value: number, id: string, map: ReadonlyMap<string, number>) => void,
    thisArg?: unknown,
  ): void {
    for (const [id, value] of this) callback.call(thisArg, value, id, this);
  }

  *entries(): MapIterator<[string, number]> {
    for (let entry = 0; entry < this.count; entry += 1) {
      yield [this.idAt(entry), this.numbers[entry]!];
    }
  }

  *keys(): MapIterator<string> {
    for (let entry = 0; entry < this.count; entry += 1) yield this.idAt(entry);
  }

  *values(): MapIterator<number> {
    for (let entry = 0; entry < this.count; entry += 1) yield this.numbers[entry]!;
  }

  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }

  /** Files `entry` in the empty `slot`; the table grows when half full. */
  private file(slot: number, entry: number): number {
    this.slots[slot] = entry;
    if (this.count * 2 > this.slots.length) this.refile(this.slots.length * 2);
    return entry;
  }

  private append(id: string, hash: number, value: number): number {
    if (this.units instanceof Uint8Array && hasWideUnit(id)) {
      this.units = grown(new Uint16Array(0), this.units.length, this.units);
    }
    const start = this.unitCount;
    const entry = this.appendEntry(id.length, hash, value);
    for (let at = 0; at < id.length; at += 1) this.units[start + at] = id.charCodeAt(at);
    return entry;
  }

  /** `append` of an ASCII id's bytes: they are its code units. */
  private appendBytes(bytes: Uint8Array, from: number, to: number, hash: number): number {
    const start = this.unitCount;
    const entry = this.appendEntry(to - from, hash, 0);
    this.units.set(bytes.subarray(from, to), start);
    return entry;
  }

  /** A new entry whose id's `length` units go at the end of `units`, filled in by the caller. */
  private appendEntry(length: number, hash: number, value: number): number {
    const entry = this.count;
    if (entry === this.ends.length) {
      this.ends = grown(this.ends, entry * 2);
      this.numbers = grown(this.numbers, entry * 2);
      this.hashes = grown(this.hashes, entry * 2);
    }
    const end = this.unitCount + length;
    if (end > this.units.length)
      this.units = grown(this.units, Math.max(end, this.units.length * 2));
    this.unitCount = end;
    this.ends[entry] = end;
    this.numbers[entry] = value;
    this.hashes[entry] = hash;
    this.count += 1;
    return entry;
  }

  /** The slot of the entry whose id is `id`, or the empty slot where it would go. */
  private probe(hash: number, id: string): number {
    const { slots, hashes } = this;
    const mask = slots.length - 1;
    let slot = hash & mask;
    for (; slots[slot] !== EMPTY; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (hashes[entry] === hash && this.idIs(entry, id)) break;
    }
    return slot;
  }

  private refile(size: number): void {
    const slots = new Int32Array(size).fill(EMPTY);
    const mask = size - 1;
    for (let entry = 0; entry < this.count; entry += 1) {
      let slot = this.hashes[entry]! & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = entry;
    }
    this.slots = slots;
  }

  private idIs(entry: number, id: string): boolean {
    const start = entry === 0 ? 0 : this.ends[entry - 1]!;
    if (this.ends[entry]! - start !== id.length) return false;
    for (let at = 0; at < id.length; at += 1) {
      if (this.units[start + at] !== id.charCodeAt(at)) return false;
    }
    return true;
  }

  private bytesAre(entry: number, bytes: Uint8Array, from: number, to: number): boolean {
    const start = entry === 0 ? 0 : this.ends[entry - 1]!;
    if (this.ends[entry]! - start !== to - from) return false;
    for (let at = 0; at < to - from; at += 1) {
      if (this.units[start + at] !== bytes[from + at]) return false;
    }
    return true;
  }

  /** The id of entry number `entry`. */
  idAt(entry: number): string {
    const start = entry === 0 ? 0 : this.ends[entry - 1]!;
    const end = this.ends[entry]!;
    // In pieces: as arguments, a long key's units would pass the engine's limit. Through apply,
    // which takes the typed array as it is; spread, it cost ten times as much.
    let id = '';
    for (let at = start; at < end; at += PIECE) {
      const units = this.units.subarray(at, Math.min(end, at + PIECE));
      id += String.fromCharCode.apply(null, units as unknown as number[]);
    }
    return id;
  }
}

function hasWideUnit(id: string): boolean {
  for (let at = 0; at < id.length; at += 1) if (id.charCodeAt(at) > LATIN1_MAX) return true;
  return false;
}

/** A typed array of `size` holding `values` (by default `array`'s own) from its start. */
function grown<T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(
  array: T,
  size: number,
  values: ArrayLike<number> = array,
): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(values);
  return bigger;
}

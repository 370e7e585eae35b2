/**
 * Line numbers filed by their id's hash (idHash): open addressing with linear probing, kept at most
 * half full so that a probe stays short. 100,000 objects take 1 MB here, where a Map from their id
 * strings costs about 80 bytes an entry and most of the page's work while a model loads. The table
 * holds no ids: the caller says whether a filed line is the one it is looking for, given a key of
 * its own (an id, or the line whose id it is), so that a find allocates nothing.
 *
 * A full table grows into one twice its size a little at a time: each line filed then moves a few
 * of the old table's slots along, and finds look in both until the move is done. Moved at once,
 * a million lines took the page half a second in one task, in the middle of a load.
 */
import type { Column } from './lineColumns';

const EMPTY = -1;
/** Lines being moved to a bigger table are distinct: none matches another. */
const NEVER = () => false;
/**
 * Old slots moved per line filed. The new table has room for as many lines again as the old held
 * before it is half full, and the old has two slots a line: two a line would just do.
 */
const MOVED_PER_LINE = 8;

export class IdTable {
  private slots = new Int32Array(0);
  /** The table being emptied into `slots`, from slot `moved` on; null when none is. */
  private old: Int32Array | null = null;
  private moved = 0;
  private filed = 0;

  /** @param hashes each line's idHash, by line number */
  constructor(private readonly hashes: Column<Uint32Array>) {}

  /** The first filed line with this hash that `matches` the key; -1 when there is none. */
  find<Key>(hash: number, key: Key, matches: (line: number, key: Key) => boolean): number {
    if (this.slots.length === 0) return -1;
    // An empty slot holds EMPTY, which is -1.
    const line = this.slots[probe(this.slots, this.hashes, hash, key, matches)]!;
    if (line !== EMPTY || !this.old) return line;
    return this.old[probe(this.old, this.hashes, hash, key, matches)]!;
  }

  /**
   * Files `line` unless a line with the same id is filed already, and returns that line, or -1 when
   * `line` was filed: one probe where a find, then a file, took two for each of a load's new ids.
   */
  addUnlessPresent(line: number, sameId: (filed: number, line: number) => boolean): number {
    if ((this.filed + 1) * 2 > this.slots.length) this.grow();
    const hash = this.hashes.at(line);
    const slot = probe(this.slots, this.hashes, hash, line, sameId);
    const filed = this.slots[slot]!;
    if (filed !== EMPTY) return filed;
    if (this.old) {
      const before = this.old[probe(this.old, this.hashes, hash, line, sameId)]!;
      if (before !== EMPTY) return before;
      this.moveSome(MOVED_PER_LINE);
    }
    // Moving lines may have taken the slot the probe found.
    this.slots[
      this.slots[slot] === EMPTY ? slot : probe(this.slots, this.hashes, hash, line, NEVER)
    ] = line;
    this.filed += 1;
    return -1;
  }

  /** Makes room for `lines` lines at once (a load knows early how many objects to expect). */
  reserve(lines: number): void {
    this.moveSome(Infinity);
    const size = sizeFor(lines);
    if (size <= this.slots.length) return;
    this.old = this.slots;
    this.slots = new Int32Array(size).fill(EMPTY);
    this.moved = 0;
    this.moveSome(Infinity);
  }

  /** Starts moving into a table twice the size, first finishing any move under way. */
  private grow(): void {
    this.moveSome(Infinity);
    this.old = this.slots;
    this.slots = new Int32Array(sizeFor(this.filed + 1)).fill(EMPTY);
    this.moved = 0;
    // A small table is moved at once: nothing is gained by spreading it.
    if (this.old.length <= 1024) this.moveSome(Infinity);
  }

  private moveSome(count: number): void {
    const { old } = this;
    if (!old) return;
    const end = Math.min(old.length, this.moved + count);
    for (let slot = this.moved; slot < end; slot += 1) {
      const line = old[slot]!;
      if (line !== EMPTY) {
        this.slots[probe(this.slots, this.hashes, this.hashes.at(line), line, NEVER)] = line;
      }
    }
    this.moved = end;
    if (end === old.length) this.old = null;
  }
}

function sizeFor(lines: number): number {
  let size = 16;
  while (size < lines * 2) size *= 2;
  return size;
}

/**
 * The slot of the first filed line with this hash that `matches` the key, or else the empty slot
 * where the probe ended: where a line with that hash goes.
 */
function probe<Key>(
  slots: Int32Array,
  hashes: Column<Uint32Array>,
  hash: number,
  key: Key,
  matches: (line: number, key: Key) => boolean,
): number {
  const mask = slots.length - 1;
  let slot = hash & mask;
  for (; slots[slot] !== EMPTY; slot = (slot + 1) & mask) {
    const line = slots[slot]!;
    if (hashes.at(line) === hash && matches(line, key)) break;
  }
  return slot;
}

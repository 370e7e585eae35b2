/**
 * Line numbers filed by their id's hash (idHash): open addressing with linear probing, kept at most
 * half full so that a probe stays short. 100,000 objects take 1 MB here, where a Map from their id
 * strings costs about 80 bytes an entry and most of the page's work while a model loads. The table
 * holds no ids: the caller says whether a filed line is the one it is looking for, given a key of
 * its own (an id, or the line whose id it is), so that a find allocates nothing.
 */
import type { Column } from './lineColumns';

const EMPTY = -1;
/** Lines being moved to a bigger table are distinct: none matches another. */
const NEVER = () => false;

export class IdTable {
  private slots = new Int32Array(0);
  private filed = 0;

  /** @param hashes each line's idHash, by line number */
  constructor(private readonly hashes: Column<Uint32Array>) {}

  /** The first filed line with this hash that `matches` the key; -1 when there is none. */
  find<Key>(hash: number, key: Key, matches: (line: number, key: Key) => boolean): number {
    if (this.slots.length === 0) return -1;
    // An empty slot holds EMPTY, which is -1.
    return this.slots[this.probe(hash, key, matches)]!;
  }

  /**
   * Files `line` unless a line with the same id is filed already, and returns that line, or -1 when
   * `line` was filed: one probe where a find, then a file, took two for each of a load's new ids.
   */
  addUnlessPresent(line: number, sameId: (filed: number, line: number) => boolean): number {
    if ((this.filed + 1) * 2 > this.slots.length) this.reserve(this.filed + 1);
    const slot = this.probe(this.hashes.at(line), line, sameId);
    const filed = this.slots[slot]!;
    if (filed !== EMPTY) return filed;
    this.slots[slot] = line;
    this.filed += 1;
    return -1;
  }

  /** Makes room for `lines` lines at once (a load knows early how many objects to expect). */
  reserve(lines: number): void {
    let size = 16;
    while (size < lines * 2) size *= 2;
    if (size <= this.slots.length) return;
    const filed = this.slots;
    this.slots = new Int32Array(size).fill(EMPTY);
    for (const line of filed) {
      if (line !== EMPTY) this.slots[this.probe(this.hashes.at(line), line, NEVER)] = line;
    }
  }

  /**
   * The slot of the first filed line with this hash that `matches` the key, or else the empty slot
   * where the probe ended: where a line with that hash goes.
   */
  private probe<Key>(hash: number, key: Key, matches: (line: number, key: Key) => boolean): number {
    const { slots, hashes } = this;
    const mask = slots.length - 1;
    let slot = hash & mask;
    for (; slots[slot] !== EMPTY; slot = (slot + 1) & mask) {
      const line = slots[slot]!;
      if (hashes.at(line) === hash && matches(line, key)) break;
    }
    return slot;
  }
}

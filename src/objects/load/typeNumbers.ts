/**
 * The load's `speckle_type` names, numbered in order of first sight. A model has a few dozen types
 * and 100,000 objects, so each object's type is looked up by its bytes (a hash and a compare)
 * rather than decoded into a string first: decoding every type name cost the indexer more than
 * finding it.
 */
import { HASH_SEED, nextHash } from '../../bytes/idHash';
import { hasBytesAt } from '../../bytes/jsonBytes';
import { decodeSpan } from '../../bytes/utf8Text';

interface KnownBytes {
  bytes: Uint8Array;
  number: number;
}

export class TypeNumbers {
  private readonly byName = new Map<string, number>();
  private readonly byBytesHash = new Map<number, KnownBytes[]>();

  /**
   * The number of the type named by `text[from, to)`, as UTF-8; `onNew` hears each name the first
   * time it is numbered.
   */
  ofBytes(text: Uint8Array, from: number, to: number, onNew: (name: string) => void): number {
    let hash = HASH_SEED;
    for (let at = from; at < to; at += 1) hash = nextHash(hash, text[at]!);
    const known = this.byBytesHash.get(hash);
    if (known) {
      for (const { bytes, number } of known) {
        if (bytes.length === to - from && hasBytesAt(text, bytes, from)) return number;
      }
    }
    const number = this.ofName(decodeSpan(text, from, to), onNew);
    const entry = { bytes: text.slice(from, to), number };
    if (known) known.push(entry);
    else this.byBytesHash.set(hash, [entry]);
    return number;
  }

  ofName(name: string, onNew: (name: string) => void): number {
    let number = this.byName.get(name);
    if (number === undefined) {
      number = this.byName.size;
      this.byName.set(name, number);
      onNew(name);
    }
    return number;
  }
}

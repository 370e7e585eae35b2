/**
 * Where the keys the index of who points where reads stand in an object's text, as marks: a key's
 * first byte's index times four, plus its kind. Only the key's bytes are matched here; whether they
 * are a key of the JSON (not bytes inside a string) is for the reader to check. WebAssembly scans
 * sixteen bytes a step (linkKeys.wat); where it may not run (a Content-Security-Policy without
 * 'wasm-unsafe-eval', WebAssembly turned off by a browser policy), byte searches in JavaScript,
 * one per rare byte of the keys, find the same marks.
 */
import { hasBytesAt } from '../../bytes/jsonBytes';
import linkKeysModule from './linkKeys.wat';

export const KEY_KIND = { reference: 0, applicationId: 1, closure: 2, proxy: 3 } as const;

/** The marks of one text, each kind's in the text's order, valid until the next text is marked. */
export type MarkKeys = (text: Uint8Array) => ArrayLike<number>;

const encoder = new TextEncoder();
/** In the order linkKeys.wat keeps them, with the kind of each and the byte it is found by. */
const KEYS = [
  { key: '"referencedId"', kind: KEY_KIND.reference, by: 'I' },
  { key: '"applicationId"', kind: KEY_KIND.applicationId, by: 'I' },
  { key: '"__closure"', kind: KEY_KIND.closure, by: '_' },
  // Bytes only an object that holds proxy lists or is a proxy has; an instance is an InstanceProxy.
  { key: 'Proxies"', kind: KEY_KIND.proxy, by: 'x' },
  { key: 'Proxy"', kind: KEY_KIND.proxy, by: 'x' },
].map(({ key, kind, by }) => ({ bytes: encoder.encode(key), kind, back: key.indexOf(by) }));

/** Each byte searched for, and the keys found by it. */
const SEARCHES = ['I', '_', 'x'].map((by) => ({
  byte: by.charCodeAt(0),
  keys: KEYS.filter(({ bytes, back }) => bytes[back] === by.charCodeAt(0)),
}));

/** The JavaScript marker: a byte search for each of the keys' rare bytes. */
export const searchMarker: MarkKeys = (text) => {
  const marks: number[] = [];
  for (const { byte, keys } of SEARCHES) {
    for (let at = text.indexOf(byte); at !== -1; at = text.indexOf(byte, at + 1)) {
      const key = keys.find(({ bytes, back }) => hasBytesAt(text, bytes, at - back));
      if (key) marks.push(((at - key.back) << 2) | key.kind);
    }
  }
  return marks;
};

/** Where the module keeps the text: after the keys, with zeros before and after it. */
const TEXT = 256;
const PAD = 16;
const PAGE = 65_536;
/** Marks hold a key's index times four in 32 bits. */
const MAX_TEXT = 2 ** 29;

interface LinkKeysExports {
  memory: WebAssembly.Memory;
  marks(from: number, end: number, out: number): number;
}

/** The WebAssembly marker, or null where the module cannot be compiled. */
export function wasmMarker(): MarkKeys | null {
  let exports: LinkKeysExports;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(linkKeysModule));
    exports = instance.exports as unknown as LinkKeysExports;
  } catch {
    return null;
  }
  const { memory } = exports;
  let bytes = new Uint8Array(memory.buffer);
  KEYS.forEach((key, index) => {
    bytes.set(key.bytes, index * 32);
    bytes.fill(0xff, index * 32 + 16, index * 32 + 16 + key.bytes.length);
  });
  return (text) => {
    if (text.length > MAX_TEXT) return searchMarker(text);
    const end = TEXT + text.length;
    const out = (end + PAD + 3) & ~3;
    // A mark (four bytes) for each key found, the shortest six bytes long: fewer bytes than the text.
    const needed = out + text.length + PAD;
    if (needed > memory.buffer.byteLength) {
      memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
      bytes = new Uint8Array(memory.buffer);
    }
    bytes.set(text, TEXT);
    bytes.fill(0, end, end + PAD);
    const marks = new Int32Array(memory.buffer, out, (exports.marks(TEXT, end, out) - out) >> 2);
    for (let index = 0; index < marks.length; index += 1) marks[index]! -= TEXT << 2;
    return marks;
  };
}

let chosen: MarkKeys | undefined;

/** The fastest marker this realm may run, chosen once. */
export function keyMarker(): MarkKeys {
  chosen ??= wasmMarker() ?? searchMarker;
  return chosen;
}

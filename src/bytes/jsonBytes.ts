/**
 * Reading JSON text as the UTF-8 bytes it arrived as, for the readers that look for one key in
 * 100,000 objects without parsing or decoding them (topLevelFields, references). JSON's structural
 * characters are ASCII, and bytes of a multi-byte UTF-8 character are all above 0x7F, so they are
 * found in the bytes exactly where they are in the text.
 */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

export function isJsonSpace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Whether `bytes` stand in `text` at `at`. */
export function hasBytesAt(text: Uint8Array, bytes: Uint8Array, at: number): boolean {
  if (at < 0 || at + bytes.length > text.length) return false;
  for (let index = 0; index < bytes.length; index += 1) {
    if (text[at + index] !== bytes[index]) return false;
  }
  return true;
}

/** The first index from `from` on that is not JSON white space. */
export function skipSpace(text: Uint8Array, from: number): number {
  let at = from;
  while (at < text.length && isJsonSpace(text[at])) at += 1;
  return at;
}

/**
 * Whether the quoted string from `start` to `end` is a key: it follows `{` or `,` and is followed
 * by `:`. Inside a string a quote is always escaped, so the same bytes there fail one of the two.
 */
export function isKeyAt(text: Uint8Array, start: number, end: number): boolean {
  let before = start - 1;
  while (before >= 0 && isJsonSpace(text[before])) before -= 1;
  const opener = text[before];
  return (opener === OPEN_BRACE || opener === COMMA) && text[skipSpace(text, end)] === COLON;
}

/**
 * The index of the quote that closes the string opened at `open`, or -1. Jumps with indexOf rather
 * than stepping through bytes: most strings in Speckle data are 32-character ids.
 */
export function stringEnd(text: Uint8Array, open: number): number {
  for (
    let quote = text.indexOf(QUOTE, open + 1);
    quote !== -1;
    quote = text.indexOf(QUOTE, quote + 1)
  ) {
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/** Whether the string opened at `open` and running to the end of `bytes` ends in an escape. */
export function endsInEscape(bytes: Uint8Array, open: number): boolean {
  let backslashes = 0;
  while (
    bytes.length - 1 - backslashes > open &&
    bytes[bytes.length - 1 - backslashes] === BACKSLASH
  ) {
    backslashes += 1;
  }
  return backslashes % 2 === 1;
}

/** The index of the first byte `byte` in `bytes` from `from` on, or the length when there is none. */
export function indexOrEnd(bytes: Uint8Array, byte: number, from: number): number {
  const found = bytes.indexOf(byte, from);
  return found === -1 ? bytes.length : found;
}

/** How many times the byte `code` occurs in `text[from, to)`. */
export function countByte(text: Uint8Array, code: number, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf(code, from); at !== -1 && at < to; at = text.indexOf(code, at + 1)) {
    count += 1;
  }
  return count;
}

/**
 * Where a byte of a file lies, as a person finds it in an editor: its line and column, and its
 * offset for a hex viewer or `dd`. Columns count bytes from the line's start (the same as
 * characters on ASCII text, which is all there is between a file's objects); a byte order mark
 * is not counted, as an editor does not show it.
 */
import { countByte } from './jsonBytes';

export interface TextPosition {
  /** From 1. */
  line: number;
  /** From 1: 1 + the bytes before it on its line. */
  column: number;
  /** From 0, in the file. */
  byte: number;
}

const NEWLINE = 0x0a;
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf] as const;

/** How many bytes of a byte order mark `bytes` start with: 3 or 0. */
export function byteOrderMarkLength(bytes: Uint8Array): number {
  return BYTE_ORDER_MARK.every((byte, index) => bytes[index] === byte) ? BYTE_ORDER_MARK.length : 0;
}

/** The position of byte `at` of `bytes`, the file's first bytes. */
export function positionAt(bytes: Uint8Array, at: number): TextPosition {
  const lineStart = at === 0 ? 0 : bytes.lastIndexOf(NEWLINE, at - 1) + 1;
  const textStart = lineStart === 0 ? Math.min(at, byteOrderMarkLength(bytes)) : lineStart;
  return { line: 1 + countByte(bytes, NEWLINE, 0, at), column: at - textStart + 1, byte: at };
}

/**
 * An object cut out of a file's bytes (objectCutter.ts) as the line a set lists: its text checked
 * as UTF-8 and its own id found, or why it is not listed.
 */
import type { SplitLine } from './lines';
import { topLevelIdSpan } from './topLevelFields';
import { isUtf8 } from './utf8Text';

/**
 * The object whose text is `source[json, to)`, its bytes starting at `from` (before any space),
 * where `source`'s first byte is the body's byte `sourceOffset`; or the reason it is not listed.
 */
export function objectLine(
  source: Uint8Array,
  sourceOffset: number,
  from: number,
  json: number,
  to: number,
): SplitLine | string {
  if (!isUtf8(source.subarray(from, to))) return 'is not valid UTF-8 text';
  const id = topLevelIdSpan(source, json, to);
  if (!id || id.from === id.to) return 'is an object without an "id"';
  return {
    idStart: sourceOffset + id.from,
    idEnd: sourceOffset + id.to,
    start: sourceOffset + json,
    end: sourceOffset + to,
    source,
    sourceOffset,
  };
}

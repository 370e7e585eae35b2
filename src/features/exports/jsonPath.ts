/**
 * Finds where one value sits inside an object's JSON text, so that a chosen property or array
 * element can be saved from the received text itself rather than re-serialised from its parsed
 * form (which would change `-0`, `1e308` and long numbers).
 */
import type { Path, PathSegment } from '../../speckle/paths';
import { JsonReader, TOKEN, type Token } from '../../bytes/jsonReader';

interface Container {
  isArray: boolean;
  /** Its own place lies on the path. */
  onPath: boolean;
  /** Elements seen so far (arrays). */
  index: number;
  /** The member whose value comes next (objects). */
  key: string;
}

/**
 * Start and end (exclusive) of the value at `path`, or null when there is none. A member name that
 * occurs twice in one object (the server's texts never have this) is found at its first occurrence.
 * Throws InvalidJsonError when the text is not JSON up to the value.
 */
export function jsonValueSpan(text: string, path: Path): { start: number; end: number } | null {
  const reader = new JsonReader(text);
  const containers: Container[] = [];
  let targetStart = -1;
  for (let token = reader.next(); token !== TOKEN.end; token = reader.next()) {
    const parent = containers.at(-1);
    if (token === TOKEN.key) {
      // Names are decoded only where the path can go on: most of a big object is skipped unread.
      if (parent?.onPath) parent.key = JSON.parse(text.slice(reader.start, reader.end)) as string;
      continue;
    }
    if (token === TOKEN.endObject || token === TOKEN.endArray) {
      containers.pop();
      if (targetStart !== -1 && containers.length === path.length) {
        return { start: targetStart, end: reader.end };
      }
      continue;
    }
    const depth = containers.length;
    const onPath =
      parent === undefined ||
      (parent.onPath && depth <= path.length && segmentMatches(parent, path[depth - 1]));
    if (parent?.isArray) parent.index += 1;
    if (onPath && depth === path.length) {
      if (!isBegin(token)) return { start: reader.start, end: reader.end };
      targetStart = reader.start;
    }
    if (isBegin(token)) {
      containers.push({ isArray: token === TOKEN.beginArray, onPath, index: 0, key: '' });
    }
  }
  return null;
}

function segmentMatches(parent: Container, wanted: PathSegment | undefined): boolean {
  return parent.isArray ? wanted === parent.index : wanted === parent.key;
}

function isBegin(token: Token): boolean {
  return token === TOKEN.beginObject || token === TOKEN.beginArray;
}

/**
 * Lays JSON text out again without parsing it: only the whitespace between tokens changes. Every
 * string (escapes included) and every number token is copied exactly, so `-0`, `1e308` and
 * numbers with more digits than a double holds survive, which `JSON.parse` + `JSON.stringify`
 * would not. The layout is `JSON.stringify(value, null, indent)`'s: for text whose tokens are
 * already in JavaScript's canonical form the output is identical to it.
 */
import { JsonReader, TOKEN } from '../../bytes/jsonReader';
import { LineBreaks } from './lineBreaks';
import { PartBuffer } from './parts';

/**
 * The text re-indented by `indent` spaces per level (0: compact, no whitespace at all), as parts of
 * about a megabyte. A leading byte order mark is dropped. Throws InvalidJsonError, possibly after
 * some parts, when the text is not JSON.
 */
export function* reindentJsonParts(text: string, indent = 2): Generator<string> {
  const reader = new JsonReader(text);
  const buffer = new PartBuffer();
  const colon = indent > 0 ? ': ' : ':';
  const breaks = new LineBreaks(indent);
  for (let token = reader.next(); token !== TOKEN.end; token = reader.next()) {
    const { depth } = reader;
    if (token === TOKEN.endObject || token === TOKEN.endArray) {
      if (!reader.empty) buffer.push(breaks.before(depth));
    } else if (depth > 0 && !reader.afterKey) {
      buffer.push(reader.first ? breaks.before(depth) : breaks.afterComma(depth));
    }
    const { start, end } = reader;
    buffer.push(end - start === 1 ? text[start]! : text.slice(start, end));
    if (token === TOKEN.key) buffer.push(colon);
    if (buffer.isFull) yield* buffer.take();
  }
  if (!buffer.isEmpty) yield* buffer.take();
}

/**
 * A JSON value as a tree whose leaves keep their text exactly as written: comparing two versions of
 * an object must tell `1.0` from `1` and `0.10000000000000000555` from `0.1`, which `JSON.parse`
 * makes the same number. Built from the one tokenizer the exports use (bytes/jsonReader.ts).
 */
import { JsonReader, TOKEN } from '../../../bytes/jsonReader';

export type RawValue =
  | { kind: 'object'; members: Map<string, RawValue> }
  | { kind: 'array'; items: RawValue[] }
  /** A string (with its quotes and escapes), number, `true`, `false` or `null`, as written. */
  | { kind: 'leaf'; text: string };

/** Throws InvalidJsonError (with the position) when `text` is not one JSON value. */
export function readRawTree(text: string): RawValue {
  const reader = new JsonReader(text);
  const open: RawValue[] = [];
  let pendingKey: string | null = null;
  let top: RawValue | null = null;

  const place = (value: RawValue) => {
    const parent = open.at(-1);
    if (!parent) top = value;
    else if (parent.kind === 'array') parent.items.push(value);
    else if (parent.kind === 'object') parent.members.set(pendingKey as string, value);
    pendingKey = null;
  };

  for (let token = reader.next(); token !== TOKEN.end; token = reader.next()) {
    const span = text.slice(reader.start, reader.end);
    switch (token) {
      case TOKEN.key:
        pendingKey = JSON.parse(span) as string;
        break;
      case TOKEN.beginObject:
      case TOKEN.beginArray: {
        const container: RawValue =
          token === TOKEN.beginObject
            ? { kind: 'object', members: new Map() }
            : { kind: 'array', items: [] };
        place(container);
        open.push(container);
        break;
      }
      case TOKEN.endObject:
      case TOKEN.endArray:
        open.pop();
        break;
      default:
        place({ kind: 'leaf', text: span });
    }
  }
  return top as unknown as RawValue;
}

/** The value's JSON with every leaf as it was written. */
export function rawText(value: RawValue): string {
  if (value.kind === 'leaf') return value.text;
  if (value.kind === 'array') return `[${value.items.map(rawText).join(',')}]`;
  const members = [...value.members].map(
    ([key, member]) => `${JSON.stringify(key)}:${rawText(member)}`,
  );
  return `{${members.join(',')}}`;
}

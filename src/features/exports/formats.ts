/**
 * What each download contains, as parts rather than one string: a whole model can exceed the
 * longest string a browser can hold. The byte-exact formats are made of the objects' texts as
 * received; the others say in `transformation` what they change.
 *
 * Parts that read a growing list (a with-children load still arriving) take its length when
 * `parts()` is called, so a file made from a click holds what had arrived at that click.
 */
import type { LineRecord } from '../../bytes/lines';
import { itemsSoFar, soFar, type ListOrStream } from '../../lib/readonlyList';
import type { Path } from '../../speckle/paths';
import { reindentJsonParts } from './jsonLayout';
import { jsonValueSpan } from './jsonPath';
import { byteSlices, streamSlices, type TextParts } from './parts';
import { jsonValueParts } from './valueParts';

export interface ExportFormat<Input> {
  readonly id: string;
  /** The download control's accessible name; every one starts with "Download". */
  readonly label: string;
  /** What the file holds, in a line shown beside the control. */
  readonly summary: string;
  /** The file name's part that says what the file holds. */
  readonly kind: string;
  readonly extension: string;
  readonly mimeType: string;
  /** The file type as the save dialog lists it. */
  readonly description: string;
  /** What the file changes from the server's text; null when it is exactly what was received. */
  readonly transformation: string | null;
  parts(input: Input): TextParts;
}

/** One object's text as received. */
export interface RawInput {
  raw: string;
}

/**
 * Every line of a with-children answer in the order received, repeated copies included; a stream
 * of them for a body on disk (ObjectSet.withTexts).
 */
interface RecordsInput {
  records: ListOrStream<LineRecord>;
  /**
   * The body's bytes holding those lines, where the caller keeps them (ObjectSet.bodyPieces): the
   * JSON lines file is then written from them as they are, without decoding a single text.
   */
  lineBytes?: readonly Uint8Array[] | AsyncIterable<Uint8Array>;
}

export interface ExportObject {
  id: string;
  raw: string;
  speckleType: string;
}

/** Each received object once, in the order received (see uniqueObjects), or a stream of them. */
interface ObjectsInput {
  objects: Iterable<ExportObject> | AsyncIterable<ExportObject>;
}

interface TypeInput extends ObjectsInput {
  /** The full `speckle_type` chain, matched exactly. */
  speckleType: string;
}

/** Ids that are not objects received, such as those a closure lists and the server did not send. */
interface IdListInput {
  ids: Iterable<string>;
}

/** A value inside an object's received text. */
interface ValueInput {
  raw: string;
  path: Path;
}

interface RecomposedInput {
  /**
   * Builds the recomposed value (src/speckle/recompose.ts), or a promise of it. Called once writing
   * starts, after the save dialog has been answered: building a big model takes seconds, and the
   * dialog must open while the click is fresh.
   */
  recompose: () => unknown;
}

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain;charset=utf-8';
const NDJSON_TYPE = 'application/x-ndjson';

function format<Input>(definition: ExportFormat<Input>): ExportFormat<Input> {
  return definition;
}

export const EXPORT_FORMATS = {
  object: format<RawInput>({
    id: 'object',
    label: 'Download object JSON',
    summary: "This object's text, exactly as the server sent it.",
    kind: 'object',
    extension: 'json',
    mimeType: JSON_TYPE,
    description: 'JSON object',
    transformation: null,
    parts: ({ raw }) => [raw],
  }),
  prettyObject: format<RawInput>({
    id: 'prettyObject',
    label: 'Download pretty-printed object JSON',
    summary: 'The same text indented for reading; every value as received.',
    kind: 'object-pretty',
    extension: 'json',
    mimeType: JSON_TYPE,
    description: 'JSON object',
    transformation:
      'Indented by 2 spaces per level. Every name, string and number is copied exactly as ' +
      'received, so -0, 1e308 and long numbers keep their form. A leading byte order mark is ' +
      'left out.',
    parts: ({ raw }) => reindentJsonParts(raw, 2),
  }),
  jsonArray: format<RecordsInput>({
    id: 'jsonArray',
    label: 'Download all as JSON array',
    summary:
      "Every object received, repeats included, in one JSON array: the server's JSON answer.",
    kind: 'objects',
    extension: 'json',
    mimeType: JSON_TYPE,
    description: 'JSON array',
    transformation: null,
    parts: ({ records }) => jsonArrayParts(rawsOf(soFar(records))),
  }),
  jsonLines: format<RecordsInput>({
    id: 'jsonLines',
    label: 'Download server lines (id, tab, JSON)',
    summary:
      "The server's text answer byte for byte: per object received, its id, a tab and its JSON.",
    kind: 'objects-lines',
    extension: 'txt',
    mimeType: TEXT_TYPE,
    description: 'Object lines (id, tab, JSON)',
    transformation: null,
    parts: ({ records, lineBytes }) =>
      !lineBytes
        ? jsonLinesParts(soFar(records))
        : Symbol.asyncIterator in lineBytes
          ? streamSlices(lineBytes)
          : byteSlices(itemsSoFar(lineBytes)),
  }),
  ndjson: format<ObjectsInput>({
    id: 'ndjson',
    label: 'Download NDJSON (one object per line)',
    summary: 'Each object once, its JSON as received, one per line: no ids, no repeats.',
    kind: 'objects',
    extension: 'ndjson',
    mimeType: NDJSON_TYPE,
    description: 'Newline-delimited JSON',
    transformation:
      'One object per line, each once (repeated copies left out), its text as received.',
    parts: ({ objects }) => ndjsonParts(objects),
  }),
  objectsOfType: format<TypeInput>({
    id: 'objectsOfType',
    label: 'Download objects of this type',
    summary: 'The objects of one type, each once, in a JSON array.',
    kind: 'type',
    extension: 'json',
    mimeType: JSON_TYPE,
    description: 'JSON array',
    transformation:
      'The objects whose speckle_type is exactly the chosen one, each once, as a JSON array of ' +
      'their texts as received.',
    parts: ({ objects, speckleType }) => objectsOfTypeParts(objects, speckleType),
  }),
  ids: format<ObjectsInput>({
    id: 'ids',
    label: 'Download object ids',
    summary: 'The id of each object received, once, one per line.',
    kind: 'ids',
    extension: 'txt',
    mimeType: TEXT_TYPE,
    description: 'Text',
    transformation: 'The id of each received object once, one per line, in the order received.',
    parts: ({ objects }) => idLineParts(idsOf(objects)),
  }),
  missingIds: format<IdListInput>({
    id: 'missingIds',
    label: 'Download missing ids',
    summary: "The ids the root's __closure lists that did not arrive, one per line.",
    kind: 'missing-ids',
    extension: 'txt',
    mimeType: TEXT_TYPE,
    description: 'Text',
    transformation:
      "The ids the root's __closure lists that did not arrive, one per line, shallowest first.",
    parts: ({ ids }) => idLineParts(ids),
  }),
  value: format<ValueInput>({
    id: 'value',
    label: 'Download selected value JSON',
    summary: "The selected value, cut from the object's text and indented.",
    kind: 'value',
    extension: 'json',
    mimeType: JSON_TYPE,
    description: 'JSON value',
    transformation:
      "The chosen value cut out of the object's text as received and indented by 2 spaces per " +
      'level; every name, string and number is copied exactly.',
    parts: ({ raw, path }) => valueParts(raw, path),
  }),
  recomposed: format<RecomposedInput>({
    id: 'recomposed',
    label: 'Download recomposed object JSON',
    summary: 'The object with its references resolved and chunks joined, in one JSON document.',
    kind: 'recomposed',
    extension: 'json',
    mimeType: JSON_TYPE,
    description: 'JSON object',
    transformation:
      'References replaced by the objects they name and chunked arrays joined, as one compact ' +
      "JSON document. Written from parsed values, numbers take JavaScript's form: -0 becomes 0, " +
      '1e308 becomes 1e+308.',
    parts: ({ recompose }) => recomposedParts(recompose),
  }),
  recomposedValue: format<RecomposedInput>({
    id: 'recomposedValue',
    label: 'Download recomposed value JSON',
    summary: 'The selected value as the recomposed view shows it, references resolved.',
    kind: 'value-recomposed',
    extension: 'json',
    mimeType: JSON_TYPE,
    description: 'JSON value',
    transformation:
      'The chosen value as the recomposed view shows it: references replaced by the objects they ' +
      'name and chunked arrays joined, indented by 2 spaces per level. Written from parsed ' +
      "values, numbers take JavaScript's form: -0 becomes 0, 1e308 becomes 1e+308.",
    parts: ({ recompose }) => recomposedParts(recompose, 2),
  }),
};

type Items<Item> = Iterable<Item> | AsyncIterable<Item>;

async function* rawsOf(records: Items<LineRecord>): AsyncGenerator<string> {
  for await (const { raw } of records) yield raw;
}

/** `[r0,r1,…]`: the with-children endpoint's JSON array form. */
export async function* jsonArrayParts(raws: Items<string>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const raw of raws) {
    if (!first) yield ',';
    first = false;
    yield raw;
  }
  yield ']';
}

/** `id\tjson\n` per object: the with-children endpoint's `text/plain` form. */
export async function* jsonLinesParts(records: Items<LineRecord>): AsyncGenerator<string> {
  for await (const { id, raw } of records) yield* [id, '\t', raw, '\n'];
}

/**
 * The server's texts already are NDJSON lines: the root is compact JSON and the children are the
 * database's text form (`", "` and `": "` separators), neither with a line break, and a JSON string
 * cannot hold a raw one. A text with line breaks between its tokens (never seen from a server) is
 * compacted so that it stays on its line.
 */
async function* ndjsonParts(objects: Items<ExportObject>): AsyncGenerator<string> {
  for await (const { raw } of objects) {
    if (LINE_BREAK.test(raw)) yield* reindentJsonParts(raw, 0);
    else yield raw;
    yield '\n';
  }
}

const LINE_BREAK = /[\r\n]/;

async function* objectsOfTypeParts(
  objects: Items<ExportObject>,
  speckleType: string,
): AsyncGenerator<string> {
  yield* jsonArrayParts(rawsOfType(objects, speckleType));
}

async function* rawsOfType(objects: Items<ExportObject>, speckleType: string) {
  for await (const object of objects) if (object.speckleType === speckleType) yield object.raw;
}

async function* idsOf(objects: Items<ExportObject>): AsyncGenerator<string> {
  for await (const { id } of objects) yield id;
}

async function* idLineParts(ids: Items<string>): AsyncGenerator<string> {
  for await (const id of ids) yield* [id, '\n'];
}

async function* recomposedParts(recompose: () => unknown, indent = 0): AsyncGenerator<string> {
  yield* jsonValueParts(await recompose(), indent);
}

// A generator, so that a path that is not there fails the save rather than the click.
function* valueParts(raw: string, path: Path): Generator<string> {
  const span = jsonValueSpan(raw, path);
  if (!span) throw new Error(`The object has no value at ${JSON.stringify(path)}.`);
  yield* reindentJsonParts(raw.slice(span.start, span.end), 2);
}

/** Where a file comes from, for its name. */
export interface ExportTarget {
  host: string;
  projectId: string;
  objectId: string;
  /** Narrows the kind: a type's short name, a value's path. */
  detail?: string;
  /** false marks a file made from a load that stopped short or is still running. */
  complete?: boolean;
}

/** `{host}_{projectId}_{objectId}_{kind}[-detail][-incomplete].{extension}` */
export function formatFileName(
  { kind, extension }: Pick<ExportFormat<never>, 'kind' | 'extension'>,
  { host, projectId, objectId, detail, complete }: ExportTarget,
): string {
  const fullKind = [kind, fileNameSafe(detail ?? ''), complete === false ? 'incomplete' : '']
    .filter((part) => part !== '')
    .join('-');
  return exportFileName({ host, projectId, objectId, kind: fullKind, extension });
}

/** `{host}_{projectId}_{objectId}_{kind}.{extension}`, safe on Windows, macOS and Linux. */
export function exportFileName(p: {
  host: string;
  projectId: string;
  objectId: string;
  kind: string;
  extension: string;
}): string {
  const stem = [p.host, p.projectId, p.objectId, p.kind]
    .map(fileNameSafe)
    .filter((part) => part !== '')
    .join('_');
  const extension = fileNameSafe(p.extension);
  return extension === '' ? stem : `${stem}.${extension}`;
}

// Keeps letters, digits, dots and hyphens; `_` is the separator and `:` (a host's port) and other
// punctuation are refused by some file systems. Leading or trailing dots hide or break names.
function fileNameSafe(text: string): string {
  const safe = text.replace(/[^A-Za-z0-9.-]+/g, '-');
  // Trimmed by index: a regex anchored at the end retries from every dot of a long run of them,
  // which took seconds for an adversarial 40,000-character id.
  const isTrimmed = (at: number) => safe[at] === '.' || safe[at] === '-';
  let start = 0;
  let end = safe.length;
  while (start < end && isTrimmed(start)) start += 1;
  while (end > start && isTrimmed(end - 1)) end -= 1;
  return safe.slice(start, end);
}

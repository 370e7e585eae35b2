/**
 * The messages about opened files: each names the file, and the line, column and byte where it
 * went wrong, so that whoever attached the file can be told exactly what is broken in it.
 */
import type { CutProblem } from '../../bytes/objectCutter';
import type { HttpHeaders, ObjectForm, Refusal } from '../../bytes/objectForm';
import type { TextPosition } from '../../bytes/textPosition';
import { countOf, formatCount } from '../../speckle/counts';
import { formatBytes } from '../../speckle/text';

/**
 * The most bytes (unpacked) the files opened together may hold when the page keeps them (when any
 * file is gzip). It keeps every byte, and beside them the index, the views and the texts decoded:
 * a tab's renderer is ended at about 4 GB in Chromium, so past half of that opening would end in a
 * crashed tab, not an explorer.
 */
export const MAX_OPEN_BYTES = 2_000_000_000;

/**
 * The most bytes plain files opened together may hold: their bytes stay in them, and the page
 * holds only the index, whose size goes with the objects (docs/loading.md), bounded by
 * MAX_OPEN_OBJECTS. This refuses up front files that would pass that bound with objects of the
 * size Speckle's have (3.4 kB an object in generated building models).
 */
export const MAX_IN_FILES_BYTES = 8_000_000_000;

/** The most objects the files opened together may list: past it, the reading stops. */
export const MAX_OPEN_OBJECTS = 2_000_000;

export const FORM_NAMES: Record<ObjectForm, string> = {
  'id-lines': 'server line form (id, tab, JSON)',
  'json-lines': 'JSON lines',
  'json-array': 'JSON array',
  'json-objects': 'JSON object',
};

/** "line 3, column 5 (byte 42)": where to look in an editor, and in a hex viewer. */
export function positionText({ line, column, byte }: TextPosition): string {
  return `line ${line}, column ${column} (byte ${byte})`;
}

export function problemMessage(file: string, problem: CutProblem): string {
  return `In ${file}, the text at ${positionText(problem)} ${problem.reason}.`;
}

export function refusalMessage(file: string, refusal: Refusal): string {
  switch (refusal.kind) {
    case 'empty':
      return `${file} is empty.`;
    case 'utf-16':
      // Not decoded: PowerShell decodes a program's output before it writes it, which may already
      // have changed its characters; the server's bytes are what the explorer shows.
      return (
        `${file} is UTF-16 text (as Windows PowerShell's \`>\` saves it), not the UTF-8 a Speckle ` +
        'server sends, and PowerShell may have changed its characters on the way: save the answer ' +
        `as it came, with \`curl.exe -o ${file} …\`, and open that.`
      );
    case 'binary':
      return `${file} holds binary data, not JSON text: the byte at ${positionText(refusal.at)} is a control character.`;
    case 'not-an-object':
      return `${file} holds ${refusal.value} at ${positionText(refusal.at)}, not a JSON object or an array of objects.`;
    case 'not-json':
      return `${file} is not JSON: it begins with “${refusal.preview}” at ${positionText(refusal.at)}.`;
    case 'http-status':
      return (
        `${file} holds an HTTP response saved with its headers (as \`curl -i\` saves it) whose ` +
        `status is “${refusal.status}”: no objects came with it, and nothing was read.`
      );
    case 'http-body':
      return refusal.preview
        ? `${file} holds an HTTP response (“${refusal.status}”) saved with its headers, whose body ` +
            `is not JSON objects: it begins with “${refusal.preview}” at ${positionText(refusal.at)}.`
        : `${file} holds the headers of an HTTP response (“${refusal.status}”) and no body after them.`;
  }
}

/**
 * A gzip body after HTTP headers: the server sent its answer compressed and `curl -i` saved it as
 * it came. The positions given for the file after this are the unpacked body's, as for a .gz file.
 */
export function gzipAfterHeadersMessage(file: string, { status, at, bodyAt }: HttpHeaders): string {
  return (
    `In ${file}, the text at ${positionText(at)} is the headers of an HTTP response ` +
    `(“${status}”), as \`curl -i\` saves them, before a gzip-compressed body (the server sent it ` +
    `compressed; \`curl -i --compressed\` saves it unpacked): the headers were read over and the ` +
    `body from byte ${bodyAt} unpacked, so the lines and bytes said of this file are the unpacked body's.`
  );
}

export function notGzipMessage(file: string): string {
  return `${file} is named .gz but is not gzip-compressed (byte 0 is not gzip's); it was read as it is.`;
}

/**
 * A read that broke: a gzip stream cut short or damaged, or a file that could not be read.
 * `bytes`: how many bytes (decompressed, for gzip) came before.
 */
export function brokenReadMessage(file: string, gzip: boolean, bytes: number, why: string): string {
  const what = gzip
    ? `The gzip data of ${file} is cut short or damaged`
    : `${file} could not be read to the end: it stopped`;
  return `${what} after byte ${bytes} (${why}); the objects before are kept.`;
}

/** Files of different forms: read each in its own, and say so. Null when they agree. */
export function mixedFormsMessage(
  files: readonly { name: string; form: ObjectForm }[],
): string | null {
  const forms = new Set(files.map(({ form }) => form));
  if (forms.size < 2) return null;
  const list = files.map(({ name, form }) => `${name}: ${FORM_NAMES[form]}`).join('; ');
  return `The files are in different forms — ${list}. Each was read in its own form and their objects put together.`;
}

/**
 * A file refused before any of it is read: its size, with `before` bytes of the files opened
 * before it, passes `limit`.
 */
export function tooBigMessage(file: string, size: number, before: number, limit: number): string {
  const others =
    before > 0 ? `, which with the ${formatBytes(before)} of the files before it is` : ':';
  return `${file} is ${formatBytes(size)}${others} more than one tab can hold (${formatBytes(limit)}); it was not read.`;
}

/** A gzip file whose unpacked bytes passed MAX_OPEN_BYTES while it was read. */
export function unpacksTooBigMessage(file: string, bytes: number): string {
  const limit = formatBytes(MAX_OPEN_BYTES);
  return `${file} unpacks to more than one tab can hold (${limit}), as its decompression showed at byte ${bytes}; the objects before are kept.`;
}

/** The files' objects passed `limit` (MAX_OPEN_OBJECTS): the reading stopped at `bytes` of `file`. */
export function tooManyObjectsMessage(file: string, bytes: number, limit: number): string {
  return `The files hold more objects than one tab can list (${formatCount(limit)}): the reading stopped at byte ${bytes} of ${file}; the objects before are kept.`;
}

/** How many problems of one kind are listed one by one, in each file. */
export const PROBLEMS_LISTED = 10;

/**
 * Reports a file's problems of one kind: the first PROBLEMS_LISTED one by one, and the others in
 * one message at the end, from where they start. A file broken on every line is not
 * told as 100,000 messages, each a message to the page and an item of its alert.
 */
export class ProblemReporter {
  private listed = 0;
  private unlisted: { first: CutProblem; count: number } | null = null;

  constructor(
    private readonly file: string,
    private readonly report: (message: string) => void,
  ) {}

  add(problem: CutProblem): void {
    if (this.listed < PROBLEMS_LISTED) {
      this.listed += 1;
      this.report(problemMessage(this.file, problem));
    } else if (this.unlisted) {
      this.unlisted.count += 1;
    } else {
      this.unlisted = { first: problem, count: 1 };
    }
  }

  /** Reports how many were not listed, if any, in the words of `more`. */
  end(more: (file: string, count: number, first: CutProblem) => string): void {
    if (this.unlisted) this.report(more(this.file, this.unlisted.count, this.unlisted.first));
  }
}

export function moreProblemsMessage(file: string, count: number, first: CutProblem): string {
  const problems = countOf(count, 'more problem', 'more problems');
  return `In ${file}, ${problems} from ${positionText(first)} on ${count === 1 ? 'is' : 'are'} not listed one by one.`;
}

/** Lines of the server's form listed under another id than their JSON's, past those listed. */
export function moreOtherIdsMessage(file: string, count: number, first: CutProblem): string {
  const [are, their] = count === 1 ? ['is', 'its'] : ['are', 'their'];
  const lines = countOf(count, 'more line', 'more lines');
  return (
    `In ${file}, ${lines} from ${positionText(first)} on ${are} listed under an ` +
    `id before the tab that is not the "id" in ${their} JSON.`
  );
}

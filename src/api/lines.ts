/**
 * Turns the with-children endpoint's `text/plain` body (`<id>\t<json>\n` per object) into records,
 * chunk by chunk. Bodies reach hundreds of megabytes and single lines several megabytes, so a
 * line that spans chunks is kept as pieces and joined once, when its newline arrives.
 */

export interface LineRecord {
  id: string;
  /** The object's JSON text exactly as the server sent it. */
  raw: string;
}

export class MalformedLineError extends Error {
  override readonly name = 'MalformedLineError';

  readonly lineNumber: number;
  /** The start of the offending line, for messages. */
  readonly preview: string;
  /** The good records of the same chunk that came before the bad line: they must not be lost. */
  recordsBefore: LineRecord[] = [];

  constructor(message: string, lineNumber: number, preview: string) {
    super(message);
    this.lineNumber = lineNumber;
    this.preview = preview;
  }
}

export interface LineReader {
  push(chunk: Uint8Array): LineRecord[];
  finish(): { complete: boolean; trailing: string };
}

const PREVIEW_LENGTH = 80;
const OPENING_BRACE = 0x7b;

export function createLineReader(): LineReader {
  // fatal: a replacement character would silently change the text that exports must reproduce
  // byte for byte, so bytes that are not UTF-8 stop the read instead. One decoder per response:
  // `stream: true` carries a character split across chunks over to the next call.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pieces: string[] = [];
  let lineNumber = 1;

  function decode(chunk: Uint8Array): string {
    try {
      return decoder.decode(chunk, { stream: true });
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      // The decoder does not say where in the chunk it failed, only that it did.
      throw new MalformedLineError(
        `The response is not valid UTF-8 text (at line ${lineNumber} or soon after it).`,
        lineNumber,
        previewOf(pieces.join('')),
      );
    }
  }

  function push(chunk: Uint8Array): LineRecord[] {
    const text = decode(chunk);
    const records: LineRecord[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      let line = text.slice(start, end);
      if (pieces.length > 0) {
        pieces.push(line);
        line = pieces.join('');
        pieces = [];
      }
      let record: LineRecord | null;
      try {
        record = parseLine(line, lineNumber);
      } catch (error) {
        if (error instanceof MalformedLineError) error.recordsBefore = records;
        throw error;
      }
      if (record) records.push(record);
      lineNumber += 1;
      start = end + 1;
    }
    if (start < text.length) pieces.push(text.slice(start));
    return records;
  }

  function finish(): { complete: boolean; trailing: string } {
    let endsInsideCharacter = false;
    try {
      pieces.push(decoder.decode());
    } catch {
      // A body cut in the middle of a multi-byte character is a truncated body, not bad text.
      endsInsideCharacter = true;
    }
    const trailing = pieces.join('');
    pieces = [];
    return { complete: trailing === '' && !endsInsideCharacter, trailing };
  }

  return { push, finish };
}

function parseLine(text: string, lineNumber: number): LineRecord | null {
  const line = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (line === '') return null;
  const tab = line.indexOf('\t');
  if (tab === -1) {
    throw new MalformedLineError(
      `Line ${lineNumber} of the response is not an object line (id, tab, JSON): it has no tab.`,
      lineNumber,
      previewOf(line),
    );
  }
  if (tab === 0) {
    throw new MalformedLineError(
      `Line ${lineNumber} of the response has no object id before its tab.`,
      lineNumber,
      previewOf(line),
    );
  }
  if (line.charCodeAt(tab + 1) !== OPENING_BRACE) {
    throw new MalformedLineError(
      `Line ${lineNumber} of the response does not hold a JSON object after its tab.`,
      lineNumber,
      previewOf(line),
    );
  }
  return { id: line.slice(0, tab), raw: line.slice(tab + 1) };
}

function previewOf(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
}

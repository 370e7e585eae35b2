/**
 * The largest object text the explorer makes into one JavaScript string. V8 refuses strings over
 * about 512 MB, and whatever reads a text that long (a decode, a parse, a search, a copy) takes
 * seconds; no string the explorer builds should come near that wall. Speckle's serializers keep
 * objects far smaller (big arrays go into DataChunks, nested objects are detached), so only an
 * unusual object is over it: a with-children set keeps its bytes, lists, counts and saves it
 * exactly ("JSON lines" writes bytes, not text), but does not show, search or write it as text.
 */
import { formatBytes } from './text';

/** 64 MB of UTF-8, in the decimal units the page writes sizes in. */
export const MAX_TEXT_BYTES = 64_000_000;

/** The limit as messages name it. */
export const TEXT_LIMIT = `${MAX_TEXT_BYTES / 1_000_000} MB`;

export function isTextTooLarge(bytes: number): boolean {
  return bytes > MAX_TEXT_BYTES;
}

/** What the explorer says of an object whose text it does not build. */
export function textTooLargeMessage(objectId: string, bytes: number): string {
  return (
    `Object ${objectId} is ${formatBytes(bytes)} of JSON, more than the ${TEXT_LIMIT} this ` +
    'explorer reads as text, so it is not shown, searched or written as text.'
  );
}

/** Thrown by a stored object's `raw` when its text is over MAX_TEXT_BYTES: it is not decoded. */
export class TextTooLargeError extends Error {
  constructor(objectId: string, bytes: number) {
    super(
      `${textTooLargeMessage(objectId, bytes)} Its bytes are kept as received: ` +
        '"Download server lines (id, tab, JSON)" saves them exactly.',
    );
    this.name = 'TextTooLargeError';
  }
}

/**
 * Every error kind the app can say, each with the message it produces. Tables by source, typed so
 * that a kind added to a union and left out here fails to compile; a case is a name, the sentence
 * expected, the message as the app makes it, and the ids and statuses it must name.
 */
export interface MessageCase {
  name: string;
  /** The sentence a person reads: kept here whole, so that any change to it is seen. */
  expected: string;
  message: string;
  /** Ids, addresses and statuses the message must name. */
  names: readonly string[];
}

export const BASE = 'https://speckle.example/api';
export const PROJECT = '0123456789';
export const OBJECT = '0123456789abcdef0123456789abcdef';
export const MODEL = 'abcdef0123';
export const VERSION = 'fedcba9876';
export const FILE = 'model.ndjson';

/** What the page and the byte store's worker (spillWorker.ts) tell each other. */
export type ToSpillWorker =
  /**
   * Comes first: the file to append to, in a directory of the origin's private file system (a
   * directory itself, of the file's segments: segmentedFile.ts).
   */
  | {
      kind: 'open';
      directory: string;
      file: string;
      /** The body's expected size, from the root's closure: its segments open first. */
      expectedBytes: number;
      segmentBytes?: number;
    }
  /** A port whose messages are arrays of parts to append, in order (the loader's vault). */
  | { kind: 'port'; port: MessagePort }
  | { kind: 'append'; parts: Uint8Array[] }
  /** Answer once `count` parts are stored. */
  | { kind: 'stored'; request: number; count: number }
  | { kind: 'read'; request: number; start: number; length: number }
  /** A reader's port (storeReader.ts), answered here without the page, until it is dropped. */
  | { kind: 'reader'; reader: number; port: MessagePort }
  | { kind: 'drop-reader'; reader: number }
  /** Close and delete the file, then end. */
  | { kind: 'release'; request: number };

export type FromSpillWorker =
  | { kind: 'done'; request: number; bytes?: Uint8Array }
  /** A request failed. */
  | { kind: 'failed'; request: number; message: string }
  /** Storing failed, and so does every `stored` after: the first `storedBytes` stay readable. */
  | { kind: 'full'; message: string; storedBytes: number };

// Failures a test can ask the demo server to produce (POST /__faults), so the client's handling
// of rate limits, gateway errors, cut and corrupted streams and slow or stalled servers can be
// exercised.

export type FaultStatus = 429 | 500 | 502 | 503 | 504;
const FAULT_STATUSES: readonly number[] = [429, 500, 502, 503, 504];

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * A hostile server: after `after` objects the body never ends, sending new objects forever
 * (`objects`) or one line that never ends (`line`), until the client goes.
 */
export interface Endless {
  after: number;
  kind: 'objects' | 'line';
}

export class Faults {
  private status: { code: FaultStatus; remaining: number } | null = null;
  private dropAfter: number | null = null;
  private malformedAfter: number | null = null;
  private cutTextAfter: number | null = null;
  private holdAfter: number | null = null;
  private endless: Endless | null = null;
  private releaseHolds: () => void = () => undefined;
  private holdsReleased = this.nextRelease();
  delayMs = 0;
  /** Pause before any object request is answered (a server preparing a model). */
  answerDelayMs = 0;

  /** Applies a POSTed fault; returns an error message when the body is not one it knows. */
  set(body: unknown): string | null {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return 'Expected a JSON object';
    }
    const fault = body as Record<string, unknown>;
    const keys = Object.keys(fault).sort().join(',');
    if (keys === 'status,times') {
      if (!FAULT_STATUSES.includes(fault.status as number) || !isCount(fault.times)) {
        return 'status must be one of 429, 500, 502, 503, 504 and times a count';
      }
      this.status = { code: fault.status as FaultStatus, remaining: fault.times };
      return null;
    }
    const [key] = Object.keys(fault);
    const value = key === undefined ? undefined : fault[key];
    if (keys.includes(',') || key === undefined || !isCount(value)) {
      return 'Expected {status,times}, {dropAfter}, {holdAfter}, {delayMs}, {answerDelayMs}, {malformedAfter}, {cutTextAfter}, {endlessAfter} or {endlessLineAfter} with a count';
    }
    if (key === 'dropAfter') this.dropAfter = value;
    else if (key === 'holdAfter') this.holdAfter = value;
    else if (key === 'malformedAfter') this.malformedAfter = value;
    else if (key === 'cutTextAfter') this.cutTextAfter = value;
    else if (key === 'delayMs') this.delayMs = value;
    else if (key === 'answerDelayMs') this.answerDelayMs = value;
    else if (key === 'endlessAfter') this.endless = { after: value, kind: 'objects' };
    else if (key === 'endlessLineAfter') this.endless = { after: value, kind: 'line' };
    else return `Unknown fault ${key}`;
    return null;
  }

  clear(): void {
    this.status = null;
    this.dropAfter = null;
    this.malformedAfter = null;
    this.cutTextAfter = null;
    this.holdAfter = null;
    this.endless = null;
    this.delayMs = 0;
    this.answerDelayMs = 0;
    this.releaseHolds();
    this.holdsReleased = this.nextRelease();
  }

  /** The status the next object request must answer with, if any (uses one of its times). */
  takeStatus(): FaultStatus | null {
    if (!this.status || this.status.remaining === 0) return null;
    this.status.remaining -= 1;
    return this.status.code;
  }

  /** True while a fault is set that changes how a with-children body is streamed. */
  get shapesStreams(): boolean {
    return (
      this.dropAfter !== null ||
      this.malformedAfter !== null ||
      this.cutTextAfter !== null ||
      this.holdAfter !== null ||
      this.endless !== null ||
      this.delayMs > 0
    );
  }

  takeDropAfter(): number | null {
    const value = this.dropAfter;
    this.dropAfter = null;
    return value;
  }

  /**
   * Where the next stream stops sending, held open, until the faults are cleared (or the client
   * leaves): a load that stays running for as long as a test needs one, however fast the machine.
   */
  takeHold(): { after: number; released: Promise<void> } | null {
    const after = this.holdAfter;
    this.holdAfter = null;
    return after === null ? null : { after, released: this.holdsReleased };
  }

  /** Only a text-mode response uses the endless faults. */
  takeEndless(): Endless | null {
    const value = this.endless;
    this.endless = null;
    return value;
  }

  /** Only a text-mode response uses the malformed-line fault. */
  takeMalformedAfter(): number | null {
    const value = this.malformedAfter;
    this.malformedAfter = null;
    return value;
  }

  /** Only a text-mode response uses the cut-text fault. */
  takeCutTextAfter(): number | null {
    const value = this.cutTextAfter;
    this.cutTextAfter = null;
    return value;
  }

  private nextRelease(): Promise<void> {
    return new Promise((resolve) => (this.releaseHolds = resolve));
  }
}

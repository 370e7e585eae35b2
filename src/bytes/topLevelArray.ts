/**
 * A file's top-level JSON array, read between its elements (objectCutter.ts cuts the elements):
 * where it opens and ends, its elements counted, and the commas between them checked. JSON allows
 * no comma before the first element or after the last, no two in a row, and no two elements
 * without one between them: each is reported where it is, and the elements are kept all the same.
 */
import { CLOSE_BRACKET, COMMA } from './jsonBytes';

/** A byte of the file: its offset, and its line and column (from 1). */
export interface Place {
  from: number;
  line: number;
  column: number;
}

type ReportAt = (place: Place, reason: string) => void;

/** What a byte between elements did: opened or closed the array, or began an element. */
type ArrayStep = 'opened' | 'closed' | 'element' | null;

export class TopLevelArray {
  /** Before its `[`, inside it, after its `]`, or past text after it (read over). */
  where: 'before' | 'inside' | 'after' | 'ignored' = 'before';
  /** The elements begun so far. */
  elements = 0;
  /** What may come next inside: an element or the end, a comma or the end, or an element. */
  private next: 'first' | 'comma' | 'element' = 'first';
  private lastComma: Place | null = null;

  /** Reads `code`, a byte outside every element and not a space, at `place`. */
  read(code: number, place: Place, report: ReportAt): ArrayStep {
    switch (this.where) {
      case 'before':
        // The form was told by this `[` (objectForm.ts).
        this.where = 'inside';
        return 'opened';
      case 'after':
        report(place, 'is text after the end of the array');
        this.where = 'ignored';
        return null;
      case 'ignored':
        return null;
    }
    if (code === CLOSE_BRACKET) {
      if (this.next === 'element')
        report(this.lastComma!, "is a comma after the array's last element");
      this.where = 'after';
      return 'closed';
    }
    if (code === COMMA) {
      if (this.next !== 'comma')
        report(place, 'is a comma where an element of the array should be');
      this.next = 'element';
      this.lastComma = place;
      return null;
    }
    this.elements += 1;
    if (this.next === 'comma') {
      report(place, `is element ${this.elements} of the array, with no comma before it`);
    }
    this.next = 'comma';
    return 'element';
  }
}

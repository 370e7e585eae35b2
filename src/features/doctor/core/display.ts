/**
 * What an object shows and what it counts: a `displayValue` (or `@displayValue`) that is empty or
 * whose meshes all failed to arrive, and a `totalChildrenCount` that is not its closure's size.
 */
import { isReference } from '../../../speckle/references';
import type { FindingList } from './report';

export class DisplayRules {
  /** Objects whose display is references only, to check once everything has arrived. */
  private readonly referring: Array<{ holder: string; ids: string[] }> = [];
  private readonly empty: string[] = [];
  private readonly miscounted: Array<{ id: string; count: number; closure: number }> = [];
  /** Objects below the root that count no children though they have some. */
  private uncounted = 0;

  addDisplay(display: unknown, holder: string): void {
    const values = Array.isArray(display) ? display : [display];
    if (values.length === 0) {
      this.empty.push(holder);
      return;
    }
    if (values.every(isReference)) {
      this.referring.push({ holder, ids: values.map((value) => value.referencedId) });
    }
  }

  /**
   * A received object's own count against its closure's size (no closure: no children). Below the
   * root, a count of 0 is how Speckle's connectors write it (every mesh of the real Revit fixtures
   * has one), and nothing reads it there: counted apart, not a fault.
   */
  addCount(id: string, count: unknown, closureSize: number, isRoot: boolean): void {
    if (typeof count !== 'number' || count === closureSize) return;
    if (count === 0 && !isRoot) this.uncounted += 1;
    else this.miscounted.push({ id, count, closure: closureSize });
  }

  /** @returns the objects below the root that count no children though they have some */
  report(findings: FindingList, received: (id: string) => boolean): number {
    for (const holder of this.empty) {
      findings.add('display-value-empty', holder, 'displayValue holds nothing');
    }
    for (const { holder, ids } of this.referring) {
      if (ids.some(received)) continue;
      const shown = ids.length === 1 ? ids[0] : `${ids.length} objects`;
      findings.add(
        'display-value-missing',
        holder,
        `displayValue refers to ${shown}, not received`,
      );
    }
    for (const { id, count, closure } of this.miscounted) {
      findings.add(
        'children-count-mismatch',
        id,
        `totalChildrenCount ${count}, __closure lists ${closure}`,
      );
    }
    return this.uncounted;
  }
}

/**
 * The references and the closure: what an object refers to that did not arrive, what the root's
 * `__closure` lists that did not arrive, and what arrived that it does not list.
 */
import type { FindingList } from './report';

export class ReferenceRules {
  private readonly received = new Set<string>();
  /** References whose target had not arrived when read: the only ones that can stay missing. */
  private readonly pending: string[] = [];
  private total = 0;

  receive(id: string): void {
    this.received.add(id);
  }

  has(id: string): boolean {
    return this.received.has(id);
  }

  refer(from: string, to: string): void {
    this.total += 1;
    if (!this.received.has(to)) this.pending.push(from, to);
  }

  report(
    findings: FindingList,
    rootId: string | null,
    closure: ReadonlyMap<string, number>,
  ): { total: number; resolved: number } {
    let missing = 0;
    for (let index = 0; index < this.pending.length; index += 2) {
      const to = this.pending[index + 1] as string;
      if (this.received.has(to)) continue;
      missing += 1;
      findings.add('reference-not-received', this.pending[index] as string, `refers to ${to}`);
    }
    for (const [id, depth] of closure) {
      if (!this.received.has(id)) {
        findings.add(
          'closure-not-received',
          id,
          `listed in the root’s __closure at depth ${depth}`,
        );
      }
    }
    // Without its root a set has no closure to hold the objects against.
    if (rootId !== null && this.received.has(rootId)) {
      for (const id of this.received) {
        if (id !== rootId && !closure.has(id)) {
          findings.add('not-in-closure', id, 'arrived, but the root’s __closure does not list it');
        }
      }
    }
    return { total: this.total, resolved: this.total - missing };
  }
}

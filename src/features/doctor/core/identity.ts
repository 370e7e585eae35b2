/**
 * Objects by `applicationId`, the host's id that v3 proxies and instances name objects by; and
 * the rule that two different objects must not share one.
 */
import type { FindingList } from './report';

/** An object that has an applicationId: its own id, and the received object that holds it. */
interface Holder {
  id: string;
  /** The received object to open: the object itself, or the one it is nested in. */
  holder: string;
}

export class ApplicationIds {
  // One holder per applicationId, the usual case; a list only for those shared.
  private readonly first = new Map<string, Holder>();
  private readonly shared = new Map<string, Holder[]>();

  add(applicationId: string, object: Holder): void {
    const first = this.first.get(applicationId);
    if (!first) {
      this.first.set(applicationId, object);
      return;
    }
    // The same inline object repeated (a level in two elements) is one object, not two; and the
    // parts of one received object may carry its applicationId (a Brep's userStrings do).
    const same = (known: Holder) => known.id === object.id || known.holder === object.holder;
    const others = this.shared.get(applicationId);
    if (others) {
      if (!others.some(same)) others.push(object);
    } else if (!same(first)) this.shared.set(applicationId, [first, object]);
  }

  /** The objects that have `applicationId`: none, one, or several. */
  find(applicationId: string): readonly Holder[] {
    const shared = this.shared.get(applicationId);
    if (shared) return shared;
    const first = this.first.get(applicationId);
    return first ? [first] : [];
  }

  report(findings: FindingList): void {
    for (const [applicationId, holders] of this.shared) {
      for (const { id, holder } of holders) {
        const where = id === holder ? '' : ` (nested object ${id})`;
        findings.add(
          'duplicate-application-id',
          holder,
          `applicationId ${applicationId} is shared by ${holders.length} objects${where}`,
        );
      }
    }
  }
}

/**
 * Objects by `applicationId`, the host's id that v3 proxies and instances name objects by; and
 * the rule that two different objects must not share one.
 *
 * Only a received object's own applicationId counts, not one of an object nested inline in it, as
 * the explorer's links index reads them (speckle/graph/objectLinks.ts). Speckle's viewer finds
 * objects by walking its tree of nodes, and an inline object becomes a node only where its
 * traversal reaches it: not inside an object that has a displayValue, nor inside geometry it
 * converts directly. The nested applicationIds real data holds (a v2 Revit element's inline level,
 * a Brep's userStrings) are of that kind, and the v3 connectors detach every object a proxy or a
 * definition names.
 */
import type { FindingList } from './report';

export class ApplicationIds {
  // One object per applicationId, the usual case; a list only for those shared.
  private readonly first = new Map<string, string>();
  private readonly shared = new Map<string, string[]>();

  add(applicationId: string, id: string): void {
    const first = this.first.get(applicationId);
    if (first === undefined) {
      this.first.set(applicationId, id);
      return;
    }
    const others = this.shared.get(applicationId);
    if (others) others.push(id);
    else this.shared.set(applicationId, [first, id]);
  }

  /** The received objects that have `applicationId`: none, one, or several. */
  find(applicationId: string): readonly string[] {
    const shared = this.shared.get(applicationId);
    if (shared) return shared;
    const first = this.first.get(applicationId);
    return first === undefined ? [] : [first];
  }

  report(findings: FindingList): void {
    for (const [applicationId, ids] of this.shared) {
      for (const id of ids) {
        findings.add(
          'duplicate-application-id',
          id,
          `applicationId ${applicationId} is shared by ${ids.length} objects`,
        );
      }
    }
  }
}

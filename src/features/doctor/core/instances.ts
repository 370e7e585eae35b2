/**
 * Instances (`InstanceProxy`) and the block definitions they place: an instance finds its
 * definition by the definition proxy's applicationId, in either spelling of `definitionId`.
 */
import type { Definition } from './proxies';
import type { FindingList } from './report';

interface Instance {
  /** The received object to open. */
  holder: string;
  applicationId: string | null;
  definitionId: string | null;
}

const INSTANCE_TYPE = ':Speckle.Core.Models.Instances.InstanceProxy:';

/** Whether a `speckle_type` chain names an instance. */
export function isInstanceType(speckleType: string): boolean {
  return `:${speckleType}:`.includes(INSTANCE_TYPE);
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export class InstanceRules {
  private readonly instances: Instance[] = [];

  add(instance: Record<string, unknown>, holder: string): void {
    this.instances.push({
      holder,
      applicationId: text(instance.applicationId),
      definitionId: text(instance.definitionId ?? instance.DefinitionId),
    });
  }

  report(
    findings: FindingList,
    definitions: readonly Definition[],
  ): {
    instances: { total: number; resolved: number };
    definitions: { total: number; used: number };
  } {
    const known = new Set(definitions.flatMap(({ applicationId }) => applicationId ?? []));
    const used = new Set<string>();
    let resolved = 0;
    for (const { holder, applicationId, definitionId } of this.instances) {
      if (applicationId === null) {
        findings.add(
          'instance-without-application-id',
          holder,
          'an instance without applicationId',
        );
      }
      if (definitionId === null) {
        const name = applicationId ?? 'an instance';
        findings.add('instance-without-definition-id', holder, `${name} names no definition`);
      } else if (!known.has(definitionId)) {
        findings.add(
          'instance-definition-missing',
          holder,
          `places ${definitionId}, which no definition proxy has`,
        );
      } else {
        used.add(definitionId);
        if (applicationId !== null) resolved += 1;
      }
    }
    let usedCount = 0;
    for (const { applicationId, place } of definitions) {
      if (applicationId === null) continue;
      if (used.has(applicationId)) usedCount += 1;
      else {
        const note = `${place.where}, definition ${applicationId}, is placed by no instance`;
        findings.add('definition-unused', place.id, note, place.path);
      }
    }
    return {
      instances: { total: this.instances.length, resolved },
      definitions: { total: definitions.length, used: usedCount },
    };
  }
}

/**
 * The proxies a v3 root lists beside its elements (docs: speckle-v3 in the project's shared notes):
 * each names objects by applicationId and gives them a material, a colour, a level, a group, or
 * makes them a block definition. Read as Speckle's viewer reads them, both spellings of `objects`.
 */
import { isReference } from '../../../speckle/references';
import type { ApplicationIds } from './identity';
import type { FindingList, ProxyHealth, ProxyKind } from './report';

interface KindRule {
  kind: ProxyKind;
  key: string;
  /** An object takes one value of this kind: a second proxy naming it overrides the first. */
  exclusive: boolean;
  /** How the proxy's value is checked: must exist, must be a number, or there is none. */
  value: 'object' | 'number' | null;
}

const PROXY_RULES: readonly KindRule[] = [
  { kind: 'material', key: 'renderMaterialProxies', exclusive: true, value: 'object' },
  { kind: 'colour', key: 'colorProxies', exclusive: true, value: 'number' },
  { kind: 'level', key: 'levelProxies', exclusive: true, value: 'object' },
  { kind: 'group', key: 'groupProxies', exclusive: false, value: null },
  { kind: 'definition', key: 'instanceDefinitionProxies', exclusive: false, value: null },
];

/** The root's keys that hold proxies, also in their detached spelling (`@colorProxies`). */
export const PROXY_KEYS: ReadonlySet<string> = new Set(
  PROXY_RULES.flatMap(({ key }) => [key, `@${key}`]),
);

export interface Definition {
  applicationId: string | null;
  name: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function nameOf(proxy: Json, rule: KindRule, index: number): string {
  const value = proxy.value;
  const name = proxy.name ?? (isObject(value) ? value.name : undefined);
  return typeof name === 'string' && name !== '' ? `“${name}”` : `${rule.key}[${index}]`;
}

interface ProxyReport {
  health: ProxyHealth[];
  definitions: Definition[];
}

/**
 * @param root the root object, as parsed
 * @param detached a proxy stored on its own, by id, when the root lists a reference to it
 */
export function checkProxies(
  rootId: string,
  root: Json,
  detached: (id: string) => unknown,
  objects: ApplicationIds,
  findings: FindingList,
): ProxyReport {
  const health: ProxyHealth[] = [];
  const definitions: Definition[] = [];
  for (const rule of PROXY_RULES) {
    const list = root[rule.key] ?? root[`@${rule.key}`];
    if (!Array.isArray(list)) continue;
    const counts: ProxyHealth = {
      kind: rule.kind,
      key: rule.key,
      proxies: 0,
      targets: 0,
      resolved: 0,
    };
    const claimedBy = new Map<string, string>();
    list.forEach((entry: unknown, index) => {
      const proxy = isReference(entry) ? detached(entry.referencedId) : entry;
      if (!isObject(proxy)) return;
      counts.proxies += 1;
      const name = nameOf(proxy, rule, index);
      const where = `${rule.key}[${index}] ${name}`;
      // A proxy whose value the viewer refuses is ignored: it claims nothing.
      const valid = checkValue(proxy, rule, rootId, where, findings);
      if (rule.kind === 'definition') {
        const applicationId = typeof proxy.applicationId === 'string' ? proxy.applicationId : null;
        definitions.push({ applicationId, name });
        if (applicationId === null) {
          findings.add(
            'definition-without-application-id',
            rootId,
            `${where} has no applicationId`,
          );
        }
      }
      const targets = proxy.objects ?? proxy.Objects;
      if (!Array.isArray(targets) || targets.length === 0) {
        findings.add('proxy-without-targets', rootId, `${where} names no objects`);
        return;
      }
      for (const target of targets) {
        counts.targets += 1;
        const found = typeof target === 'string' ? objects.find(target) : [];
        if (found.length === 0) {
          findings.add(
            'proxy-target-missing',
            rootId,
            `${where} names ${String(target)}, which no object has`,
          );
          continue;
        }
        counts.resolved += 1;
        if (!rule.exclusive || !valid) continue;
        const earlier = claimedBy.get(target as string);
        claimedBy.set(target as string, name);
        if (earlier === undefined) continue;
        for (const { holder } of found) {
          findings.add(
            'claimed-twice',
            holder,
            `${rule.kind} of ${String(target)}: ${earlier}, then ${name}; the viewer keeps ${name}`,
          );
        }
      }
    });
    health.push(counts);
  }
  return { health, definitions };
}

/** Reports a value the viewer refuses; says whether it takes it. */
function checkValue(
  proxy: Json,
  rule: KindRule,
  rootId: string,
  where: string,
  findings: FindingList,
): boolean {
  const { value } = proxy;
  if (rule.value === 'object' && !isObject(value)) {
    findings.add('proxy-without-value', rootId, `${where} has no value`);
    return false;
  }
  if (rule.value === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) {
    const shown = value === undefined ? 'no value' : `the value ${JSON.stringify(value)}`;
    findings.add('color-not-number', rootId, `${where} has ${shown}`);
    return false;
  }
  return true;
}

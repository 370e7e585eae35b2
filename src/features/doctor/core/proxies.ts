/**
 * The proxies a v3 root lists beside its elements (docs: speckle-v3 in the project's shared notes):
 * each names objects by applicationId and gives them a material, a colour, a level, a group, or
 * makes them a block definition. Read as Speckle's viewer reads them, both spellings of `objects`.
 */
import { valueFault } from '../../../speckle/graph/proxies';
import type { Path } from '../../../speckle/paths';
import { isReference } from '../../../speckle/references';
import type { ApplicationIds } from './identity';
import type { FindingList, ProxyHealth, ProxyKind } from './report';
import type { RuleId } from './rules';

interface KindRule {
  kind: ProxyKind;
  key: string;
  /**
   * What an object named by two proxies of this kind is (the rule claimed-twice): for materials
   * and colours, Speckle's viewer applies the later and logs "Overwritting …"; levels it does not
   * read, but an object stands on one level. Groups may overlap: not a fault.
   */
  twice: 'later-wins' | 'one-only' | null;
  /** Whether the proxy has a value to check (valueFault): groups and definitions have none. */
  value: boolean;
}

const PROXY_RULES: readonly KindRule[] = [
  { kind: 'material', key: 'renderMaterialProxies', twice: 'later-wins', value: true },
  { kind: 'colour', key: 'colorProxies', twice: 'later-wins', value: true },
  { kind: 'level', key: 'levelProxies', twice: 'one-only', value: true },
  { kind: 'group', key: 'groupProxies', twice: null, value: false },
  { kind: 'definition', key: 'instanceDefinitionProxies', twice: null, value: false },
];

/** The root's keys that hold proxies, also in their detached spelling (`@colorProxies`). */
export const PROXY_KEYS: ReadonlySet<string> = new Set(
  PROXY_RULES.flatMap(({ key }) => [key, `@${key}`]),
);

/** A proxy as a finding names it: the object to open, and where the proxy is in it. */
export interface ProxyPlace {
  /** The root for a proxy written inline in it; the proxy's own object when it is detached. */
  id: string;
  /** Its place in the root (`renderMaterialProxies`, 2) when inline; absent when detached. */
  path?: Path;
  /** Its place in the root's list and its name: `renderMaterialProxies[2] “Brick”`. */
  where: string;
}

/** A proxy named in the note of a finding about another object: a detached one by its id too. */
const cited = ({ id, path, where }: ProxyPlace) => (path ? where : `${where} (object ${id})`);

export interface Definition {
  applicationId: string | null;
  place: ProxyPlace;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function nameOf(proxy: Json): string | null {
  const value = proxy.value;
  const name = proxy.name ?? (isObject(value) ? value.name : undefined);
  return typeof name === 'string' && name !== '' ? name : null;
}

/** Where a proxy is, for a finding: inline in the root (by its path there), or an object of its own. */
function placeOf(
  rootId: string,
  key: string,
  index: number,
  detachedId: string | null,
  name: string | null,
): ProxyPlace {
  const named = `${key}[${index}]${name === null ? '' : ` “${name}”`}`;
  return detachedId === null
    ? { id: rootId, path: [key, index], where: named }
    : { id: detachedId, where: named };
}

interface ProxyReport {
  health: ProxyHealth[];
  definitions: Definition[];
}

/** The proxy of a kind that last named an applicationId, of those the viewer takes. */
interface Claim {
  index: number;
  place: ProxyPlace;
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
    const key = rule.key in root ? rule.key : `@${rule.key}`;
    const list = root[key];
    if (!Array.isArray(list)) continue;
    const counts: ProxyHealth = {
      kind: rule.kind,
      key: rule.key,
      proxies: 0,
      targets: 0,
      resolved: 0,
    };
    const claimedBy = new Map<string, Claim>();
    list.forEach((entry: unknown, index) => {
      const detachedId = isReference(entry) ? entry.referencedId : null;
      const proxy = detachedId === null ? entry : detached(detachedId);
      if (!isObject(proxy)) return;
      counts.proxies += 1;
      const place = placeOf(rootId, key, index, detachedId, nameOf(proxy));
      const add = (ruleId: RuleId, note: string) =>
        findings.add(ruleId, place.id, `${place.where} ${note}`, place.path);
      // A proxy whose value the viewer refuses is ignored: it claims nothing.
      const valid = !rule.value || checkValue(proxy.value, rule.kind, add);
      if (rule.kind === 'definition') {
        const applicationId = typeof proxy.applicationId === 'string' ? proxy.applicationId : null;
        definitions.push({ applicationId, place });
        if (applicationId === null)
          add('definition-without-application-id', 'has no applicationId');
      }
      const targets = proxy.objects ?? proxy.Objects;
      if (!Array.isArray(targets) || targets.length === 0) {
        add('proxy-without-targets', 'names no objects');
        return;
      }
      for (const target of targets) {
        counts.targets += 1;
        const found = typeof target === 'string' ? objects.find(target) : [];
        if (found.length === 0) {
          add('proxy-target-missing', `names ${String(target)}, which no object has`);
          continue;
        }
        counts.resolved += 1;
        if (rule.twice === null || !valid) continue;
        const earlier = claimedBy.get(target as string);
        // A proxy that lists an object twice still gives it one value.
        if (earlier?.index === index) continue;
        claimedBy.set(target as string, { index, place });
        if (earlier === undefined) continue;
        const [first, then] = [cited(earlier.place), cited(place)];
        const note =
          rule.twice === 'later-wins'
            ? `${rule.kind} of ${String(target)}: ${first}, then ${then}; the viewer applies ${then}`
            : `${rule.kind} of ${String(target)}: both ${first} and ${then}`;
        for (const holder of found) findings.add('claimed-twice', holder, note);
      }
    });
    health.push(counts);
  }
  return { health, definitions };
}

/** Reports a value the viewer refuses; says whether it takes it. */
function checkValue(
  value: unknown,
  kind: ProxyKind,
  add: (rule: RuleId, note: string) => void,
): boolean {
  const fault = valueFault(kind, value);
  if (fault === null) return true;
  if (kind === 'colour') {
    const shown = value === undefined ? 'no value' : `the value ${JSON.stringify(value)}`;
    add('color-not-number', `has ${shown}`);
  } else add('proxy-without-value', value === undefined ? 'has no value' : 'has the value null');
  return false;
}

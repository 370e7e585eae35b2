/**
 * Speckle's v3 proxies (docs: ../shared/speckle-v3.md): the root of a v3 model lists, beside its
 * elements, what applies to which object (`renderMaterialProxies`, `colorProxies`, `levelProxies`,
 * `groupProxies`, `instanceDefinitionProxies`), each proxy naming its objects by `applicationId`;
 * an instance (`InstanceProxy`) names its definition by `definitionId`. Field names are read in
 * both spellings, as Speckle's viewer reads them (`objects`/`Objects`, `definitionId`/
 * `DefinitionId`): early data used capitalised names.
 */
import { isReference } from '../references';
import type { Path } from '../paths';

export type ProxyKind = 'material' | 'colour' | 'level' | 'group' | 'definition';

/** The root's proxy lists, in the order this module reads them. */
const PROXY_LISTS: ReadonlyArray<readonly [key: string, kind: ProxyKind]> = [
  ['renderMaterialProxies', 'material'],
  ['colorProxies', 'colour'],
  ['levelProxies', 'level'],
  ['groupProxies', 'group'],
  ['instanceDefinitionProxies', 'definition'],
];

/** Kinds of which an object takes one: the viewer applies proxies in order, the later wins. */
const LATER_WINS: ReadonlySet<ProxyKind> = new Set(['material', 'colour']);

export interface ProxyEntry {
  kind: ProxyKind;
  /** The object that holds it: the root for a proxy written inline, else the proxy object. */
  holder: string;
  /** Where it is in its holder; empty when it is the holder itself. */
  path: Path;
  /** Its place in its root list: the order in which the viewer applies the proxies of a kind. */
  order: number;
  name: string | null;
  /** Its own applicationId: what instances name a definition by. */
  applicationId: string | null;
  /** The applicationIds it names, in its order. */
  targets: string[];
  /** Its `value` (a material, an ARGB number, a level), as written: a reference when detached. */
  value: unknown;
  /** Why Speckle's viewer passes over it, when it does. */
  ignored: string | null;
}

/** A proxy list's entry that is detached: its object, to be read as a proxy of `kind`. */
export interface DetachedProxy {
  kind: ProxyKind;
  order: number;
  id: string;
}

type Fields = Record<string, unknown>;

function fieldsOf(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : null;
}

function stringField(object: Fields, ...names: string[]): string | null {
  for (const name of names) {
    const value = object[name];
    if (typeof value === 'string') return value;
  }
  return null;
}

/** The proxies an object holds in its proxy lists (a v3 root's), and the detached ones to read. */
export function readProxyLists(
  object: unknown,
  holder: string,
): { proxies: ProxyEntry[]; detached: DetachedProxy[] } {
  const proxies: ProxyEntry[] = [];
  const detached: DetachedProxy[] = [];
  const fields = fieldsOf(object);
  if (!fields) return { proxies, detached };
  for (const [key, kind] of PROXY_LISTS) {
    const list = fields[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item: unknown, order) => {
      if (isReference(item)) detached.push({ kind, order, id: item.referencedId });
      else {
        const proxy = readProxy(item, kind, holder, [key, order], order);
        if (proxy) proxies.push(proxy);
      }
    });
  }
  return { proxies, detached };
}

/** One proxy of `kind` read from its value; null when it is not an object. */
export function readProxy(
  value: unknown,
  kind: ProxyKind,
  holder: string,
  path: Path,
  order: number,
): ProxyEntry | null {
  const fields = fieldsOf(value);
  if (!fields) return null;
  const listed = fields.objects ?? fields.Objects;
  const targets = Array.isArray(listed)
    ? listed.filter((target): target is string => typeof target === 'string')
    : [];
  const proxyValue = fields.value ?? fields.Value;
  const valueName = fieldsOf(proxyValue) && stringField(fieldsOf(proxyValue)!, 'name', 'Name');
  return {
    kind,
    holder,
    path,
    order,
    name: stringField(fields, 'name', 'Name') ?? valueName ?? null,
    applicationId: stringField(fields, 'applicationId'),
    targets,
    value: proxyValue,
    ignored: ignoredBecause(kind, proxyValue, targets, fields),
  };
}

/**
 * What Speckle's viewer makes of a proxy's value: it tests `!value`, so a value that is null and
 * one that is missing are alike; a colour must also be a number (SpeckleConverter's
 * RenderMaterialProxyToNode and ColorProxyToNode). Shared by the explorer and the model doctor.
 */
export function valueFault(kind: ProxyKind, value: unknown): 'missing' | 'not-a-number' | null {
  if (value === undefined || value === null) return 'missing';
  if (kind === 'colour' && (typeof value !== 'number' || !Number.isFinite(value))) {
    return 'not-a-number';
  }
  return null;
}

function ignoredBecause(
  kind: ProxyKind,
  value: unknown,
  targets: readonly string[],
  fields: Fields,
): string | null {
  if (kind === 'material' || kind === 'colour') {
    const fault = valueFault(kind, value);
    if (fault === 'missing') return 'it has no value';
    if (fault === 'not-a-number') return 'its value is not a number';
  }
  if (kind === 'definition' && typeof fields.applicationId !== 'string') {
    return 'it has no applicationId, so no instance can use it';
  }
  if ((kind === 'material' || kind === 'colour') && targets.length === 0) {
    return 'it names no objects';
  }
  return null;
}

/** An instance's definition, by `definitionId` in either spelling; null for anything else. */
export function definitionIdOf(object: unknown): string | null {
  const fields = fieldsOf(object);
  return fields && stringField(fields, 'definitionId', 'DefinitionId');
}

interface AppliedProxy {
  proxy: ProxyEntry;
  /** A later proxy of the same kind names the object too, and the viewer applies that one. */
  overridden: boolean;
}

/**
 * What applies to the object with `applicationId` through `proxies` (in any order): each proxy
 * that names it, by kind and then in the order the viewer applies them, those the viewer passes
 * over included and marked by their `ignored`.
 */
export function appliedTo(applicationId: string, proxies: readonly ProxyEntry[]): AppliedProxy[] {
  const naming = proxies
    .filter((proxy) => proxy.targets.includes(applicationId))
    .sort((a, b) => kindRank(a.kind) - kindRank(b.kind) || a.order - b.order);
  const winners = new Map<ProxyKind, ProxyEntry>();
  for (const proxy of naming) {
    if (LATER_WINS.has(proxy.kind) && !proxy.ignored) winners.set(proxy.kind, proxy);
  }
  return naming.map((proxy) => {
    const winner = winners.get(proxy.kind);
    return { proxy, overridden: winner !== undefined && !proxy.ignored && winner !== proxy };
  });
}

function kindRank(kind: ProxyKind): number {
  return PROXY_LISTS.findIndex(([, listed]) => listed === kind);
}

/** The definition an instance names: the last definition proxy with that applicationId. */
export function definitionFor(
  definitionId: string,
  proxies: readonly ProxyEntry[],
): ProxyEntry | null {
  let found: ProxyEntry | null = null;
  for (const proxy of proxies) {
    if (proxy.kind === 'definition' && proxy.applicationId === definitionId) {
      if (!found || proxy.order >= found.order) found = proxy;
    }
  }
  return found;
}

export interface NamedObject {
  applicationId: string;
  /** The objects that have it; none: no object of the set has it. */
  ids: readonly string[];
}

/** A proxy's targets resolved to the set's objects by applicationId. */
export function resolveNamed(
  targets: readonly string[],
  objectsWith: (applicationId: string) => readonly string[],
): NamedObject[] {
  return targets.map((applicationId) => ({ applicationId, ids: objectsWith(applicationId) }));
}

/** A short text for a proxy's value: a colour as #AARRGGBB, a material or level by its name. */
export function describeValue(proxy: Pick<ProxyEntry, 'kind' | 'value'>): string {
  const { value } = proxy;
  if (value === undefined || value === null) return 'no value';
  if (typeof value === 'number') {
    if (proxy.kind !== 'colour' || !Number.isInteger(value)) return String(value);
    return `#${(value >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
  }
  if (isReference(value)) return `object ${value.referencedId.slice(0, 8)}`;
  const fields = fieldsOf(value);
  const name = fields && stringField(fields, 'name', 'Name');
  return name ?? (typeof value === 'string' ? value : 'a value');
}

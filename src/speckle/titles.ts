/**
 * How Speckle's own web app names objects and properties, so that support staff see the same words
 * here as their users see there (its object sidebar's header and subheader rules), with gaps in the
 * data shown as gaps rather than as "undefined".
 */
import { shortTypeName } from './types';

interface ObjectTitle {
  title: string;
  /** A second line: the type, Revit category and type, or the id; may be empty. */
  subtitle: string;
}

const UNNAMED = 'Unnamed';

/**
 * Header and subheader of an object as Speckle's object sidebar shows them, without the subheader
 * when it would only repeat the header (an unnamed `Base` is "Base", not "Base Base").
 */
export function objectTitle(object: unknown): ObjectTitle {
  const { title, subtitle } = sidebarTitle(object);
  return { title, subtitle: subtitle === title ? '' : subtitle };
}

function sidebarTitle(object: unknown): ObjectTitle {
  const fields = typeof object === 'object' && object !== null ? object : {};
  const read = (key: string): string | null => {
    const value = (fields as Record<string, unknown>)[key];
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  const speckleType = read('speckle_type');
  const name = read('name') ?? read('Name');
  const id = read('id') ?? '';
  if (speckleType === null) return { title: clean(name), subtitle: '' };

  const shortType = shortTypeName(speckleType);
  const type = speckleType.toLowerCase();
  const [family, revitType, category] = [read('family'), read('type'), read('category')];
  if (type.includes('revit')) {
    if (type.includes('familyinstance')) {
      const title = family && category ? `${family} (${category})` : (family ?? category);
      return { title: clean(title ?? shortType), subtitle: revitType ?? '' };
    }
    if (type.includes('revitelementtype')) {
      return { title: clean(family ?? shortType), subtitle: joinParts(revitType, category) };
    }
    return { title: clean(shortType), subtitle: joinParts(category, revitType) };
  }
  if (type.includes('ifc')) {
    return { title: clean(name ?? shortType), subtitle: name ? shortType : id };
  }
  if (type.includes('objects.geometry')) return { title: clean(shortType), subtitle: id };
  return { title: clean(name ?? shortType), subtitle: shortType };
}

function joinParts(...parts: Array<string | null>): string {
  return parts.filter((part) => part !== null).join(' / ');
}

function clean(name: string | null): string {
  const trimmed = (name ?? '').trim();
  const shown = trimmed.startsWith('@') ? trimmed.slice(1) : trimmed;
  return shown === '' ? UNNAMED : shown;
}

/** A property name as Speckle shows it: without the `@` that marks a detached property. */
export function displayKey(key: string): string {
  return key.length > 1 && key.startsWith('@') ? key.slice(1) : key;
}

/** Bookkeeping that Speckle adds to every object, hidden on request. */
export function isInternalKey(key: string): boolean {
  // `__closure` and any future double-underscore field; the server's count is unreliable anyway.
  return key.startsWith('__') || key === 'totalChildrenCount';
}

interface RevitParameter {
  /** The property that holds it: Revit's internal name (`HOST_AREA_COMPUTED`) in v2 data. */
  key: string;
  name: string;
  value: unknown;
  units: string | null;
  /** The groups above it in v3 data (`Instance Parameters`, `Dimensions`), empty in v2 data. */
  groups: string[];
}

const MAX_GROUP_DEPTH = 4;

/**
 * Revit parameters as readable rows. Two shapes exist: v2 connectors write `parameters` as a map
 * from internal name to a `{name, value, units, …}` record; v3 connectors nest the same kind of
 * record under `properties.Parameters`, grouped (`Instance Parameters` › `Dimensions` › `Area`).
 */
export function revitParameters(object: unknown): RevitParameter[] {
  const rows: RevitParameter[] = [];
  const fields = asRecord(object);
  const stack: Array<{ key: string; value: unknown; groups: string[] }> = [];
  // Entries go on the stack in reverse, so that rows come out in document order.
  const pushEntries = (record: Record<string, unknown> | null, groups: string[]) => {
    const entries = Object.entries(record ?? {});
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, value] = entries[i] as [string, unknown];
      stack.push({ key, value, groups });
    }
  };
  pushEntries(asRecord(asRecord(fields?.properties)?.Parameters), []);
  pushEntries(asRecord(fields?.parameters), []);
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const record = asRecord(item.value);
    if (record === null) continue;
    if (isParameter(record)) {
      const { units } = record;
      rows.push({
        key: item.key,
        name: record.name,
        value: record.value,
        units: typeof units === 'string' && units !== '' ? units : null,
        groups: item.groups,
      });
    } else if (item.groups.length < MAX_GROUP_DEPTH) {
      pushEntries(record, [...item.groups, item.key]);
    }
  }
  return rows;
}

function isParameter(
  record: Record<string, unknown>,
): record is Record<string, unknown> & { name: string } {
  return typeof record.name === 'string' && 'value' in record;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * An object's text read only as far as a table's columns need: its own members whose keys a
 * column starts with (or Speckle's `@` form of them), parsed, and the rest passed over as text
 * (bytes/lazyObject.ts, topLevelMembers). A third of a model is DataChunks and meshes whose numbers
 * no column asks for; parsing them whole was most of a table's time.
 *
 * When a column's first name is no key of the object but the text holds it in quotes, it may be
 * the `name` of a parameter among the object's own members (stepInto): the text is parsed whole.
 */
import { topLevelMembers } from '../../../bytes/lazyObject';

export class OwnFields {
  private readonly keys: Set<string>;

  /**
   * @param names the columns' first names
   * @param more other keys to keep (`units`, which numbers are shown with; the row choice's)
   */
  constructor(
    private readonly names: readonly string[],
    more: readonly string[],
  ) {
    this.keys = new Set([...names, ...names.map((name) => `@${name}`), ...more]);
  }

  /** The object with the members the columns read; undefined when the text is not an object. */
  read(json: string): unknown {
    const members = topLevelMembers(json);
    if (members === null) return objectOrUndefined(parseOrUndefined(json));
    const fields: Record<string, unknown> = {};
    const found = new Set<string>();
    for (const { keyStart, keyEnd, start, end } of members) {
      const key = keyOf(json, keyStart, keyEnd);
      if (!this.keys.has(key)) continue;
      found.add(key);
      const value = parseOrUndefined(json.slice(start, end));
      if (value === undefined) return undefined;
      fields[key] = value;
    }
    const byName = this.names.some(
      (name) => !found.has(name) && !found.has(`@${name}`) && json.includes(JSON.stringify(name)),
    );
    return byName ? parseOrUndefined(json) : fields;
  }
}

function objectOrUndefined(value: unknown): object | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

function keyOf(json: string, keyStart: number, keyEnd: number): string {
  const quoted = json.slice(keyStart, keyEnd);
  return quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
}

export function parseOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The shape a GraphQL answer's `data` must have before anyone reads it. A server, a proxy or a
 * hostile host can send any JSON: checked here, every answer either has the promised shape or
 * becomes one specific error naming where it differs ("project.models.items[3].name is not text"),
 * never a JavaScript TypeError deep in a page, nor a page left waiting. Lists are bounded too.
 */
import { isRecord } from '../bytes/jsonValues';

/** Says what is wrong with a value at `path`, or null when it has the shape. */
export type Shape = (value: unknown, path: string) => string | null;

/** The most entries an answer's list may hold: every list this app asks for is paged or small. */
export const MAX_LIST_ITEMS = 1000;

export const text: Shape = (value, path) =>
  typeof value === 'string' ? null : `${path} is not text`;

export const count: Shape = (value, path) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? null : `${path} is not a count`;

export function nullable(shape: Shape): Shape {
  return (value, path) => (value === null ? null : shape(value, path));
}

/** A field a query asks for only sometimes (`@include`): absent or of its shape. */
export function optional(shape: Shape): Shape {
  return (value, path) => (value === undefined ? null : shape(value, path));
}

export function list(item: Shape, maxItems = MAX_LIST_ITEMS): Shape {
  return (value, path) => {
    if (!Array.isArray(value)) return `${path} is not a list`;
    if (value.length > maxItems)
      return `${path} has ${value.length} entries, more than ${maxItems}`;
    for (const [index, entry] of value.entries()) {
      const problem = item(entry, `${path}[${index}]`);
      if (problem) return problem;
    }
    return null;
  };
}

export function record(fields: Record<string, Shape>): Shape {
  return (value, path) => {
    if (!isRecord(value)) return `${path} is ${value === null ? 'null' : 'not an object'}`;
    for (const [name, shape] of Object.entries(fields)) {
      const problem = shape(value[name], path ? `${path}.${name}` : name);
      if (problem) return problem;
    }
    return null;
  };
}

/** The problem with an answer's `data`, or null when it has the shape. */
export function shapeProblem(data: unknown, shape: Shape): string | null {
  return shape(data, '');
}

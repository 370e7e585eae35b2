/** A parsed JSON value that is an object (not null, not an array): what a member can be read from. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

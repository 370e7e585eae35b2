// Reproduces the two text forms a Speckle server sends: Postgres jsonb stores objects with keys
// sorted (shorter first, then bytewise) and prints them with ", " / ": " separators; the root of a
// response is re-serialized by JavaScript, compact, but still in jsonb key order.
//
// Speed matters (a 100k-object stream is ~110 MB of text), so values whose keys are already in
// jsonb order everywhere go through native JSON.stringify; anything else takes a generic path.

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Compares keys the way Postgres jsonb orders them: by UTF-8 length, then bytewise. */
export function compareJsonbKeys(a: string, b: string): number {
  if (a === b) return 0;
  const [aBytes, bBytes] = [utf8Length(a), utf8Length(b)];
  if (aBytes !== bBytes) return aBytes - bBytes;
  if (aBytes === a.length && bBytes === b.length) return a < b ? -1 : 1;
  // UTF-16 order differs from UTF-8 byte order for astral characters, so compare the bytes.
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

const MAX_CACHED_ORDERS = 5000;
const keyOrders = new Map<string, string[]>();

/** The keys in jsonb order; short key lists (the usual object shapes) are sorted once. */
export function jsonbKeyOrder(keys: readonly string[]): string[] {
  if (keys.length > 64) return [...keys].sort(compareJsonbKeys);
  // jsonb cannot store U+0000, so it cannot occur inside a key and blur two signatures.
  const signature = keys.join('\u0000');
  let order = keyOrders.get(signature);
  if (!order) {
    order = [...keys].sort(compareJsonbKeys);
    if (keyOrders.size >= MAX_CACHED_ORDERS) keyOrders.clear();
    keyOrders.set(signature, order);
  }
  return order;
}

/** A shallow copy whose own keys are in jsonb order, so serializing it can take the fast path. */
export function withJsonbKeyOrder<T extends object>(value: T): T {
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of jsonbKeyOrder(Object.keys(source))) copy[key] = source[key];
  return copy as T;
}

// ---- fast path: values already in jsonb key order at every depth ----

// JavaScript prints these numbers with an exponent; Postgres prints a plain decimal.
function needsPlainDecimal(value: number): boolean {
  const magnitude = Math.abs(value);
  return magnitude >= 1e21 || (magnitude < 1e-6 && magnitude !== 0);
}

const ORDERED = 1;
const ORDERED_WITH_EXPONENTS = 2;
const UNORDERED = 3;
type Layout = typeof ORDERED | typeof ORDERED_WITH_EXPONENTS | typeof UNORDERED;

// Stored objects never change, so what was found about an object stays true.
const layouts = new WeakMap<object, Layout>();

function combine(a: Layout, b: Layout): Layout {
  return a > b ? a : b;
}

function layoutOf(value: unknown): Layout {
  if (typeof value === 'number') return needsPlainDecimal(value) ? ORDERED_WITH_EXPONENTS : ORDERED;
  if (value === null || typeof value !== 'object') return ORDERED;
  const known = layouts.get(value);
  if (known !== undefined) return known;
  let layout: Layout = ORDERED;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && layout !== UNORDERED; i += 1) {
      layout = combine(layout, layoutOf(value[i]));
    }
  } else {
    // Object.keys gives JSON.stringify's order (integer-like keys first), so checking it suffices.
    const keys = Object.keys(value);
    const record = value as Record<string, unknown>;
    for (let i = 0; i < keys.length && layout !== UNORDERED; i += 1) {
      const key = keys[i] as string;
      if (i > 0 && compareJsonbKeys(keys[i - 1] as string, key) > 0) layout = UNORDERED;
      else layout = combine(layout, layoutOf(record[key]));
    }
  }
  layouts.set(value, layout);
  return layout;
}

// Indented output already has ": "; newlines only occur between tokens (strings escape them).
function nativeSpaced(value: unknown): string {
  return JSON.stringify(value, null, 1).replace(/,\n */g, ', ').replace(/\n */g, '');
}

// ---- generic path ----

// Postgres prints numerics without exponents; JavaScript switches to them below 1e-6 and at 1e21.
function plainDecimal(text: string): string {
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', lead = '', fraction = '', exponentText = '0'] = match;
  const digits = lead + fraction;
  const point = 1 + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function serializeNumber(value: number, spaced: boolean): string {
  if (!Number.isFinite(value)) return 'null';
  const text = String(value);
  return spaced ? plainDecimal(text) : text;
}

function serializeArray(values: readonly unknown[], spaced: boolean): string {
  const separator = spaced ? ', ' : ',';
  let text = '';
  for (let i = 0; i < values.length; i += 1) {
    text += (i === 0 ? '' : separator) + (serializeAny(values[i], spaced) ?? 'null');
  }
  return `[${text}]`;
}

function serializeObject(value: Record<string, unknown>, spaced: boolean): string {
  const separator = spaced ? ', ' : ',';
  const colon = spaced ? ': ' : ':';
  let text = '';
  for (const key of jsonbKeyOrder(Object.keys(value))) {
    const item = serializeAny(value[key], spaced);
    if (item !== undefined)
      text += (text === '' ? '' : separator) + JSON.stringify(key) + colon + item;
  }
  return `{${text}}`;
}

function serializeAny(value: unknown, spaced: boolean): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return serializeNumber(value, spaced);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return serializeArray(value, spaced);
      return serializeObject(value as Record<string, unknown>, spaced);
    default:
      return undefined;
  }
}

/**
 * Serializes like the Speckle server: `spaced` gives the database text form of a streamed child
 * (`", "` and `": "`, numbers without exponent), otherwise the compact form of `/single` and of
 * the stream's root. Both use jsonb key order at every depth.
 */
export function serializeJsonb(value: JsonValue, spaced: boolean): string {
  const layout = layoutOf(value);
  if (layout === ORDERED) return spaced ? nativeSpaced(value) : JSON.stringify(value);
  if (layout === ORDERED_WITH_EXPONENTS && !spaced) return JSON.stringify(value);
  return serializeAny(value, spaced) ?? 'null';
}

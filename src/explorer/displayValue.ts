/**
 * What the tree shows of a value, as browser devtools do: arrays longer than 100 elements are
 * split into ranges (`[0 … 99]`, `[100 … 199]` …, grouped again when there would be more than 100
 * of them), so expanding a 62,500-number DataChunk renders 100 rows, not 62,500. Objects with more
 * than 100 keys (a root's `__closure` can list 100,000 ids) are split the same way, as
 * `[keys 0 … 99]`. Very long strings are cut, saying how much is left. Display only: downloads use
 * the received text.
 */
export const RANGE_SIZE = 100;
export const STRING_PREVIEW_LENGTH = 2_000;

export interface DisplayOptions {
  /** Show strings whole instead of cutting them at STRING_PREVIEW_LENGTH. */
  fullStrings: boolean;
}

export function toDisplayValue(value: unknown, options: DisplayOptions): unknown {
  if (typeof value === 'string') return displayString(value, options);
  if (Array.isArray(value)) return displayArray(value, 0, value.length, options);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    return displayObject(record, keys, 0, keys.length, options);
  }
  return value;
}

/** Is this key one of the ranges made here, rather than a key of the data? */
export function isRangeKey(key: string | undefined): boolean {
  return key !== undefined && /^\[(keys )?\d+ … \d+\]$/.test(key);
}

function displayObject(
  record: Record<string, unknown>,
  keys: readonly string[],
  start: number,
  end: number,
  options: DisplayOptions,
): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  const length = end - start;
  if (length <= RANGE_SIZE) {
    for (let i = start; i < end; i += 1) {
      const key = keys[i] as string;
      shown[key] = toDisplayValue(record[key], options);
    }
    return shown;
  }
  const bucket = bucketSize(length);
  for (let from = start; from < end; from += bucket) {
    const to = Math.min(from + bucket, end);
    shown[`[keys ${from} … ${to - 1}]`] = displayObject(record, keys, from, to, options);
  }
  return shown;
}

/** The smallest power of 100 that leaves at most 100 ranges. */
function bucketSize(length: number): number {
  let bucket = RANGE_SIZE;
  while (length / bucket > RANGE_SIZE) bucket *= RANGE_SIZE;
  return bucket;
}

function displayString(text: string, { fullStrings }: DisplayOptions): string {
  if (fullStrings || text.length <= STRING_PREVIEW_LENGTH) return text;
  const rest = text.length - STRING_PREVIEW_LENGTH;
  return `${text.slice(0, STRING_PREVIEW_LENGTH)}… (${rest} more characters)`;
}

function displayArray(
  items: readonly unknown[],
  start: number,
  end: number,
  options: DisplayOptions,
): unknown {
  const length = end - start;
  if (length <= RANGE_SIZE) {
    const shown = new Array<unknown>(length);
    for (let i = 0; i < length; i += 1) shown[i] = toDisplayValue(items[start + i], options);
    return shown;
  }
  const bucket = bucketSize(length);
  const ranges: Record<string, unknown> = {};
  for (let from = start; from < end; from += bucket) {
    const to = Math.min(from + bucket, end);
    ranges[`[${from} … ${to - 1}]`] = displayArray(items, from, to, options);
  }
  return ranges;
}

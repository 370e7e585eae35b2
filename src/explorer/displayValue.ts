/**
 * What the tree shows of a value, as browser devtools do: arrays longer than 100 elements are
 * split into ranges (`[0 … 99]`, `[100 … 199]` …, grouped again when there would be more than 100
 * of them), so expanding a 62,500-number DataChunk renders 100 rows, not 62,500; and very long
 * strings are cut, saying how much is left. Display only: downloads use the received text.
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
    const shown: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) shown[key] = toDisplayValue(item, options);
    return shown;
  }
  return value;
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
  let bucket = RANGE_SIZE;
  while (length / bucket > RANGE_SIZE) bucket *= RANGE_SIZE;
  const ranges: Record<string, unknown> = {};
  for (let from = start; from < end; from += bucket) {
    const to = Math.min(from + bucket, end);
    ranges[`[${from} … ${to - 1}]`] = displayArray(items, from, to, options);
  }
  return ranges;
}

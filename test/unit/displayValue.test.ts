import { describe, expect, it } from 'vitest';
import {
  isRangeKey,
  RANGE_SIZE,
  STRING_PREVIEW_LENGTH,
  toDisplayValue,
} from '../../src/explorer/displayValue';

const cut = { fullStrings: false };

describe('toDisplayValue', () => {
  it('leaves small values as they are', () => {
    const value = { a: [1, 2, 3], b: { c: 'text', d: null, e: true }, f: -0 };
    expect(toDisplayValue(value, cut)).toEqual(value);
  });

  it('shows an array of 100 elements as it is and one of 101 in ranges of 100', () => {
    const hundred = Array.from({ length: RANGE_SIZE }, (_, i) => i);
    expect(toDisplayValue(hundred, cut)).toEqual(hundred);
    expect(toDisplayValue([...hundred, 100], cut)).toEqual({
      '[0 … 99]': hundred,
      '[100 … 100]': [100],
    });
  });

  it('groups the ranges of a 62,500-number DataChunk so that no level has more than 100 entries', () => {
    const data = Array.from({ length: 62_500 }, (_, i) => i);
    const shown = toDisplayValue(data, cut) as Record<string, Record<string, number[]>>;
    expect(Object.keys(shown)).toEqual([
      '[0 … 9999]',
      '[10000 … 19999]',
      '[20000 … 29999]',
      '[30000 … 39999]',
      '[40000 … 49999]',
      '[50000 … 59999]',
      '[60000 … 62499]',
    ]);
    expect(Object.keys(shown['[0 … 9999]']!)).toHaveLength(100);
    expect(shown['[60000 … 62499]']!['[62400 … 62499]']).toEqual(data.slice(62_400));
    const flattened = Object.values(shown).flatMap((group) => Object.values(group).flat());
    expect(flattened).toEqual(data);
  });

  it('splits an object with more than 100 keys into key ranges, keeping every key and its order', () => {
    const closure = Object.fromEntries(
      Array.from({ length: 12_345 }, (_, i) => [i.toString(16).padStart(32, '0'), (i % 8) + 1]),
    );
    const shown = toDisplayValue({ __closure: closure }, cut) as {
      __closure: Record<string, Record<string, Record<string, number>>>;
    };
    expect(Object.keys(shown.__closure)).toEqual(['[keys 0 … 9999]', '[keys 10000 … 12344]']);
    expect(Object.keys(shown.__closure['[keys 0 … 9999]']!)).toHaveLength(100);
    const flattened = Object.assign({}, ...Object.values(shown.__closure).flatMap(Object.values));
    expect(Object.entries(flattened)).toEqual(Object.entries(closure));
    expect(isRangeKey('[keys 0 … 9999]')).toBe(true);
    expect(isRangeKey('[0 … 99]')).toBe(true);
    expect(isRangeKey('[0 … 99] ')).toBe(false);
    expect(isRangeKey('@elements')).toBe(false);
  });

  it('cuts long strings, saying how much is left, unless asked for them in full', () => {
    const long = 'x'.repeat(STRING_PREVIEW_LENGTH + 5);
    expect(toDisplayValue({ long }, cut)).toEqual({
      long: `${'x'.repeat(STRING_PREVIEW_LENGTH)}… (5 more characters)`,
    });
    expect(toDisplayValue({ long }, { fullStrings: true })).toEqual({ long });
  });

  it('treats ranges inside nested objects the same way', () => {
    const shown = toDisplayValue({ mesh: { faces: Array(150).fill(3) } }, cut) as {
      mesh: { faces: Record<string, number[]> };
    };
    expect(Object.keys(shown.mesh.faces)).toEqual(['[0 … 99]', '[100 … 149]']);
  });
});

import { describe, expect, it } from 'vitest';
import { countOf, formatCount, pluralOf } from '../../../src/speckle/counts';
import { closureFindings, type ClosureReport } from '../../../src/speckle/integrity';

describe('counts', () => {
  it('writes counts with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(8874)).toBe('8,874');
    expect(formatCount(100_000)).toBe('100,000');
  });

  it('puts the singular with one and the plural with every other count', () => {
    expect(countOf(1, 'object', 'objects')).toBe('1 object');
    expect(countOf(0, 'object', 'objects')).toBe('0 objects');
    expect(countOf(2, 'object', 'objects')).toBe('2 objects');
    expect(countOf(100_000, 'object', 'objects')).toBe('100,000 objects');
    expect(pluralOf(1, 'is', 'are')).toBe('is');
    expect(pluralOf(3, 'is', 'are')).toBe('are');
  });
});

describe('closure findings in words', () => {
  const report = (change: Partial<ClosureReport>): ClosureReport => ({
    expected: 1,
    received: 1,
    missing: [],
    unexpected: [],
    duplicates: [],
    danglingReferences: [],
    damaged: [],
    ...change,
  });

  it('says a root without children arrived, without "All 1 expected objects"', () => {
    expect(closureFindings(report({}))).toEqual([
      'The root arrived; its __closure lists no other objects.',
    ]);
  });

  it('writes one finding in the singular and large counts with separators', () => {
    const findings = closureFindings(
      report({
        expected: 8874,
        received: 3,
        missing: Array.from({ length: 8872 }, (_, index) => `m${index}`),
        unexpected: ['stranger'],
        duplicates: [{ id: 'twice', count: 2 }],
        danglingReferences: [{ from: 'a', to: 'b' }],
      }),
    );
    expect(findings).toEqual([
      '2 of 8,874 expected objects arrived; 8,872 listed in the root’s __closure did not.',
      '1 reference points to an object that did not arrive.',
      '1 object arrived more than once.',
      '1 object arrived that the closure does not list.',
    ]);
  });

  it('says how many objects are not valid JSON', () => {
    expect(closureFindings(report({ expected: 2, received: 2, damaged: ['a'] }))[1]).toBe(
      '1 object is not valid JSON: its text arrived cut short or garbled, kept as received.',
    );
    expect(closureFindings(report({ expected: 3, received: 3, damaged: ['a', 'b'] }))[1]).toBe(
      '2 objects are not valid JSON: their texts arrived cut short or garbled, kept as received.',
    );
  });
});

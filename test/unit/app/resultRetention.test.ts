import { describe, expect, it } from 'vitest';
import { resultsToRelease } from '../../../src/app/resultRetention';

const MB = 1024 * 1024;

describe('resultsToRelease', () => {
  it('keeps the result left last, however large', () => {
    expect(resultsToRelease([{ key: 'a', bytes: 900 * MB }], 512 * MB)).toEqual([]);
  });

  it('keeps older results while all kept fit the budget, and lets the rest go', () => {
    const left = [
      { key: 'newest', bytes: 300 * MB },
      { key: 'older', bytes: 200 * MB },
      { key: 'oldest', bytes: 20 * MB },
      { key: 'tiny', bytes: 1 },
    ];
    expect(resultsToRelease(left, 512 * MB)).toEqual(['oldest', 'tiny']);
  });

  it('lets go of everything but the last when that alone is over the budget', () => {
    const left = [
      { key: 'big', bytes: 600 * MB },
      { key: 'small', bytes: 1 * MB },
    ];
    expect(resultsToRelease(left, 512 * MB)).toEqual(['small']);
  });
});

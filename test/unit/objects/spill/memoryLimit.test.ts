import { describe, expect, it } from 'vitest';
import { memoryLimitFor } from '../../../../src/objects/spill/memoryLimit';

describe('what a tab keeps in memory when it cannot spill', () => {
  it('is 2 GB on a machine of 8 GB or more, or where the browser does not say', () => {
    expect(memoryLimitFor(8)).toBe(2_000_000_000);
    expect(memoryLimitFor(32)).toBe(2_000_000_000);
    expect(memoryLimitFor(undefined)).toBe(2_000_000_000);
    expect(memoryLimitFor(Number.NaN)).toBe(2_000_000_000);
  });

  it('is a quarter of a smaller device’s memory', () => {
    expect(memoryLimitFor(4)).toBe(1_000_000_000);
    expect(memoryLimitFor(0.5)).toBe(125_000_000);
  });
});

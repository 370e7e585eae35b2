import { describe, expect, it } from 'vitest';
import { byteSlices, joinWithin, PART_BYTES } from '../../../../src/features/exports/parts';

describe('byteSlices', () => {
  it('cuts big blocks into views of at most a part, in order, copying nothing', () => {
    const big = Uint8Array.from({ length: 2 * PART_BYTES + 5 }, (_, index) => index % 251);
    const small = Uint8Array.from([1, 2, 3]);

    const slices = [...byteSlices([big, small])];

    expect(slices.map(({ length }) => length)).toEqual([PART_BYTES, PART_BYTES, 5, 3]);
    expect(slices.slice(0, 3).every(({ buffer }) => buffer === big.buffer)).toBe(true);
    expect(slices[3]).toBe(small);
    expect(Buffer.concat(slices).equals(Buffer.concat([big, small]))).toBe(true);
  });
});

describe('joinWithin', () => {
  it('joins parts up to the limit, and gives null, without reading further, once they pass it', () => {
    expect(joinWithin(['ab', 'cd', 'e'], 5)).toBe('abcde');
    let read = 0;
    function* parts() {
      for (const part of ['ab', 'cd', 'ef', 'gh']) {
        read += 1;
        yield part;
      }
    }
    expect(joinWithin(parts(), 5)).toBeNull();
    expect(read).toBe(3);
  });
});

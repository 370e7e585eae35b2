import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useObjectSource } from '../../../src/features/explore/tree/useObjectSource';
import { ObjectSet } from '../../../src/objects/set/objectSet';
import { appendRecords } from '../../unit/support/objectSets';

const id = (n: number) => String(n).padStart(32, '0');
const text = (n: number, extra = '') => `{"id":"${id(n)}","speckle_type":"Base"${extra}}`;

function setOf(...raws: string[]): ObjectSet {
  const set = new ObjectSet();
  appendRecords(
    set,
    raws.map((raw, n) => ({ id: id(n), raw })),
  );
  return set;
}

describe('useObjectSource', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads and parses a small object as it is shown, without waiting for later tasks', async () => {
    const set = setOf(text(0), text(1));
    const { result } = renderHook(() => useObjectSource(set, id(1), true));
    await act(async () => undefined);

    expect(result.current?.parsed).toEqual({
      ok: true,
      value: { id: id(1), speckle_type: 'Base' },
    });
  });

  it('reads a big object in a task of its own and parses it in the next', async () => {
    const big = text(1, `,"data":[${Array.from({ length: 20_000 }, (_, i) => i).join(',')}]`);
    const set = setOf(text(0), big);
    const { result } = renderHook(() => useObjectSource(set, id(1), true));
    await act(async () => undefined);
    expect(result.current).toBeUndefined();

    await act(async () => vi.advanceTimersToNextTimer());
    expect(result.current).toBeUndefined();
    await act(async () => vi.advanceTimersToNextTimer());
    expect(result.current?.parsed.ok).toBe(true);
  });
});

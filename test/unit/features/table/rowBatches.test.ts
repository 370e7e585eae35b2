import { describe, expect, it } from 'vitest';
import { rowBatches, type ReadAllRows } from '../../../../src/features/table/rowBatches';
import type { TableRow } from '../../../../src/features/table/core/tableRows';

const rowsOf = (...ids: string[]): TableRow[] => ids.map((id) => ({ id, cells: [] }));

describe('the table read as batches for a file', () => {
  it('gives every batch in order, the reader waiting until each is taken', async () => {
    const taken: string[] = [];
    const read: ReadAllRows = async (onRows) => {
      for (const batch of [rowsOf('a', 'b'), rowsOf('c')]) {
        await onRows(batch);
        taken.push(batch[0]!.id);
      }
    };
    const seen: string[][] = [];
    for await (const batch of rowBatches(read)) {
      seen.push(batch.map(({ id }) => id));
      expect(taken).toHaveLength(seen.length - 1);
    }
    expect(seen).toEqual([['a', 'b'], ['c']]);
  });

  it('takes batches from a reader that does not wait', async () => {
    const read: ReadAllRows = async (onRows) => {
      onRows(rowsOf('a'));
      onRows(rowsOf('b'));
    };
    const seen: string[] = [];
    for await (const batch of rowBatches(read)) seen.push(...batch.map(({ id }) => id));
    expect(seen).toEqual(['a', 'b']);
  });

  it('fails as the reading fails', async () => {
    const read: ReadAllRows = async (onRows) => {
      await onRows(rowsOf('a'));
      throw new Error('The worker stopped.');
    };
    const seen: string[] = [];
    await expect(async () => {
      for await (const batch of rowBatches(read)) seen.push(...batch.map(({ id }) => id));
    }).rejects.toThrow('The worker stopped.');
    expect(seen).toEqual(['a']);
  });

  it('aborts the reading when the writing stops early', async () => {
    let signal: AbortSignal | null = null;
    const read: ReadAllRows = async (onRows, given) => {
      signal = given;
      for (let at = 0; !given.aborted; at += 1) await onRows(rowsOf(String(at)));
    };
    for await (const batch of rowBatches(read)) {
      if (batch[0]!.id === '2') break;
    }
    expect(signal!.aborted).toBe(true);
  });
});

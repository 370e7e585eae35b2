import { describe, expect, it } from 'vitest';
import { rootFirst } from '../../../../src/features/exports/setExport';

describe('rootFirst', () => {
  const item = (id: string, copy = 0) => ({ id, copy });

  it('moves the root’s first copy to the front and keeps the others in order, repeats included', async () => {
    const items = [item('a'), item('b'), item('c'), item('b', 1)];
    const ordered = [];
    for await (const each of rootFirst(items, item('b'))) ordered.push(each);
    expect(ordered).toEqual([item('b'), item('a'), item('c'), item('b', 1)]);
  });

  it('reads a stream as it comes', async () => {
    async function* stream() {
      yield* [item('a'), item('b')];
    }
    const ordered = [];
    for await (const each of rootFirst(stream(), item('b'))) ordered.push(each.id);
    expect(ordered).toEqual(['b', 'a']);
  });
});

import { describe, expect, it } from 'vitest';
import { textSpan, type SpannedObjects } from '../../../../src/objects/spans/textSpans';

describe('a span of a set’s texts', () => {
  it('reads no byte of a text too large to read: it is a span alone, its size -1', () => {
    const places = [
      { id: 'a', start: 0, bytes: 100 },
      { id: 'b', start: 101, bytes: 70_000_000 },
      { id: 'c', start: 70_000_102, bytes: 100 },
    ];
    const objects: SpannedObjects = {
      count: 3,
      storedFrom: 50,
      record: (index) => places[index]!,
    };
    expect(textSpan(objects, 0)).toMatchObject({ ids: ['a'], inPage: 50, length: 100 });
    expect(textSpan(objects, 1)).toMatchObject({ ids: ['b'], sizes: [-1], length: 0 });
    expect(textSpan(objects, 2)).toMatchObject({
      ids: ['c'],
      inPage: 0,
      length: 100,
      storedStart: 70_000_052,
    });
    expect(textSpan(objects, 3)).toMatchObject({ ids: [], available: 3 });
  });
});

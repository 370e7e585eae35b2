import { describe, expect, it } from 'vitest';
import { ObjectSet } from '../../../../src/objects/set/objectSet';
import { appendRecords } from '../../support/objectSets';

const id = (n: number) => String(n).padStart(32, '0');
const record = (n: number) => ({ id: id(n), raw: `{"id":"${id(n)}","speckle_type":"Base"}` });

describe('the ids of an object set', () => {
  it('lists each object once, in the order received, as its summaries do', () => {
    const set = new ObjectSet();
    appendRecords(set, [record(0), record(2), record(1)]);
    appendRecords(set, [record(2), record(3), record(0)]);
    const ids = set.ids();
    appendRecords(set, [record(4)]);

    expect([...ids]).toEqual([id(0), id(2), id(1), id(3)]);
    expect([...set.ids()]).toEqual(
      Array.from({ length: set.summaries.length }, (_, i) => set.summaries.at(i)!.id),
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../src/bytes/lines';
import { checkClosure } from '../../src/speckle/integrity';

describe('checkClosure on a 100,000-object model', () => {
  // Linear in the objects and their references: a quadratic slip would take hours here, and the
  // suite's timeout, not a clock in the test, stops it.
  it('counts every object received and every reference that points outside the set', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => i.toString(16).padStart(32, '0'));
    const closure = Object.fromEntries(ids.slice(1).map((id) => [id, 1]));
    const records: LineRecord[] = ids.map((id, i) => ({
      id,
      raw: JSON.stringify({
        id,
        data: Array.from({ length: 50 }, (_, n) => n * 0.5),
        '@elements': [ids[i * 2 + 1], ids[i * 2 + 2], `f${id.slice(1)}`]
          .filter((target) => target !== undefined)
          .map((referencedId) => ({ referencedId, speckle_type: 'reference' })),
        speckle_type: 'Base',
      }),
    }));

    const report = checkClosure({ id: ids[0], __closure: closure }, records);

    expect(report.received).toBe(100_000);
    expect(report.missing).toEqual([]);
    expect(report.danglingReferences).toHaveLength(100_000);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_PASSES, TableBuild } from '../../../../../src/features/table/core/tableBuild';
import { rowChoice } from '../../../../../src/features/table/core/rowChoice';
import type { RowSource } from '../../../../../src/features/table/core/tableSpec';

const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });

/** Builds as the session does: every object once, then passes over those the cells wait for. */
function build(
  objects: ReadonlyArray<{ id: string } & Record<string, unknown>>,
  columns: string[],
  source: RowSource,
) {
  const chosen = rowChoice(source, objects.map(({ id }) => id).slice(0, 1));
  if (!chosen.ok) throw new Error(chosen.message);
  const started = TableBuild.start(columns, chosen.choice);
  if (!started.ok) throw new Error(started.message);
  const table = started.build;
  for (const object of objects) table.add(object.id, JSON.stringify(object));
  const passes: string[][] = [];
  for (let wanted = table.wanted(); wanted.size > 0; wanted = table.wanted()) {
    passes.push([...wanted].sort());
    for (const object of objects) {
      if (wanted.has(object.id)) table.resolve(object.id, JSON.stringify(object));
    }
    table.endPass();
  }
  const built = table.finish();
  const rows = Array.from({ length: built.rows }, (_, row) => built.row(row, columns));
  return { rows, passes };
}

describe('a table built from the objects’ texts', () => {
  it('follows references, one step of a chain per pass, in document order', () => {
    const objects = [
      { id: 'root', elements: [ref('w1'), ref('w2'), { inline: true, level: ref('l1') }] },
      { id: 'w1', level: ref('l1'), speckle_type: 'Wall' },
      { id: 'l1', name: 'Level 1', units: 'm', elevation: 3 },
      { id: 'w2', level: { name: 'Level 0' }, speckle_type: 'Door' },
    ];
    const { rows, passes } = build(
      objects,
      ['elements.level.name', 'elements.speckle_type', 'elements.level.elevation'],
      { kind: 'finding', rule: 'any' },
    );
    expect(passes).toEqual([['l1', 'w1', 'w2'], ['l1']]);
    expect(rows).toEqual([
      {
        id: 'root',
        cells: [
          { text: 'Level 1; Level 0; Level 1', unit: null },
          { text: 'Wall; Door', unit: null },
          { text: '3; 3', unit: 'm' },
        ],
      },
    ]);
  });

  it('leaves out what a chain longer than the passes, or a missing object, would give', () => {
    const chain = Array.from({ length: MAX_PASSES + 2 }, (_, index) => ({
      id: `o${index}`,
      next: ref(`o${index + 1}`),
      value: index,
    }));
    const { rows } = build(
      [...chain, { id: 'lonely', next: ref('nowhere') }],
      ['next.value', 'next.next.next.next.next.value'],
      { kind: 'all' },
    );
    expect(rows[0]).toEqual({ id: 'o0', cells: [{ text: '1', unit: null }, null] });
    expect(rows.at(-1)).toEqual({ id: 'lonely', cells: [null, null] });
  });

  it('says which column cannot be read', () => {
    const chosen = rowChoice({ kind: 'all' }, null);
    if (!chosen.ok) throw new Error(chosen.message);
    expect(TableBuild.start(['ok', 'not ok'], chosen.choice)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Column not ok: The query cannot be read at character 4/),
    });
  });

  it('has no row for a text that is not an object', () => {
    const chosen = rowChoice({ kind: 'all' }, null);
    if (!chosen.ok) throw new Error(chosen.message);
    const started = TableBuild.start(['a'], chosen.choice);
    if (!started.ok) throw new Error(started.message);
    started.build.add('bad', '{"a": ');
    started.build.add('list', '[1]');
    started.build.add('good', '{"a": 1}');
    expect(started.build.finish().rows).toBe(1);
  });
});

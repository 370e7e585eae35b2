import { describe, expect, it } from 'vitest';
import { rowChoice, type RowChoice } from '../../../../../src/features/table/core/rowChoice';
import { DEFAULT_MATCH_OPTIONS } from '../../../../../src/speckle/searchQuery';
import type { RowSource } from '../../../../../src/features/table/core/tableSpec';

const objects = [
  { id: 'a', speckle_type: 'Objects.BuiltElements.Wall', height: 3 },
  { id: 'b', speckle_type: 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall' },
  { id: 'c', speckle_type: 'Objects.BuiltElements.Door', height: 2, note: 'Wall' },
];

function chosen(source: RowSource, findingIds: string[] | null = null): string[] {
  const made = rowChoice(source, findingIds);
  if (!made.ok) throw new Error(made.message);
  const choice: RowChoice = made.choice;
  return objects
    .filter((object) => {
      const json = JSON.stringify(object);
      return choice.mayTake(object.id, json) && choice.takes(JSON.parse(json));
    })
    .map(({ id }) => id);
}

describe('which objects have a row', () => {
  it('takes all, or one whole speckle_type', () => {
    expect(chosen({ kind: 'all' })).toEqual(['a', 'b', 'c']);
    expect(chosen({ kind: 'type', speckleType: 'Objects.BuiltElements.Wall' })).toEqual(['a']);
  });

  it('takes what the search finds for a query and its options', () => {
    const search = (query: string, matchCase = false): RowSource => ({
      kind: 'search',
      query,
      options: { ...DEFAULT_MATCH_OPTIONS, matchCase },
    });
    expect(chosen(search('height>2.5'))).toEqual(['a']);
    expect(chosen(search('wall'))).toEqual(['a', 'b', 'c']);
    expect(chosen(search('-height:*'))).toEqual(['b']);
    expect(chosen(search('note:wall', true))).toEqual([]);
  });

  it('takes a finding’s objects by id', () => {
    expect(chosen({ kind: 'finding', rule: 'missing-units' }, ['c', 'zzz'])).toEqual(['c']);
  });

  it('says why when it cannot choose', () => {
    const search = (query: string): RowSource => ({
      kind: 'search',
      query,
      options: { ...DEFAULT_MATCH_OPTIONS, regex: true },
    });
    expect(rowChoice(search('height>x'), null)).toEqual({
      ok: false,
      message: expect.stringMatching(/^The query cannot be read at character 8/),
    });
    expect(rowChoice(search('(unclosed'), null)).toMatchObject({ ok: false });
    expect(rowChoice(search(''), null)).toEqual({ ok: false, message: 'The search has no query.' });
    expect(rowChoice({ kind: 'finding', rule: 'x' }, null)).toMatchObject({ ok: false });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../demo/generate.ts';
import { serializeJsonb } from '../../demo/jsonb.ts';
import type { LineRecord } from '../../src/bytes/lines';
import { TableClient } from '../../src/features/table/tableClient';
import { openTableChannel } from '../../src/features/table/worker/tableChannel';
import type { TableRow } from '../../src/features/table/core/tableRows';
import { EMPTY_TABLE, type TableSpec } from '../../src/features/table/core/tableSpec';
import { compileSearch } from '../../src/speckle/searchMatch';
import { DEFAULT_MATCH_OPTIONS, parseSearchQuery } from '../../src/speckle/searchQuery';
import { ObjectSet } from '../../src/objects/set/objectSet';
import { appendRecords } from '../unit/support/objectSets';
import { settle } from '../unit/support/tableSettle';

const SIZE = 100_000;
const RECORDS_PER_BLOCK = 2_000;

let set: ObjectSet;
let texts: string[];

beforeAll(() => {
  const { rootId, objects } = generateBuilding({ seed: 'private-100000', size: SIZE });
  set = new ObjectSet();
  texts = [];
  const ids = [rootId, ...[...objects.keys()].filter((id) => id !== rootId).sort()];
  for (let start = 0; start < ids.length; start += RECORDS_PER_BLOCK) {
    const records: LineRecord[] = ids.slice(start, start + RECORDS_PER_BLOCK).map((id) => {
      const raw = serializeJsonb(objects.get(id)!, id !== rootId);
      texts.push(raw);
      return { id, raw };
    });
    appendRecords(set, records);
  }
  set.finish();
}, 120_000);

function parsedQuery(query: string) {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.query;
}

const FIVE: TableSpec = {
  ...EMPTY_TABLE,
  columns: ['speckle_type', 'category', 'type', 'parameters.Level', 'height'],
};

describe('a property table of the 100,000-object model', () => {
  it('sorts and groups every object by its columns', async () => {
    const client = new TableClient((onAnswer) => openTableChannel(set, onAnswer));
    const built = await settle(client, () => client.setSpec(FIVE, null));
    expect(built.state).toEqual({ status: 'ready' });
    expect(built.sourceCount).toBe(set.summaries.length);
    const spec: TableSpec = {
      ...FIVE,
      sort: { column: 'height', descending: true },
      groupBy: 'parameters.Level',
    };
    const view = await settle(client, () => client.setSpec(spec, null));
    const groups = view.groups!;
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(set.summaries.length);
    // As many rows have a level as objects the search finds with it.
    const compiled = compileSearch(parsedQuery('parameters.Level:*'), DEFAULT_MATCH_OPTIONS);
    const search = compiled?.ok ? compiled.search : null;
    const levels = texts.filter((text) => search!.count(JSON.parse(text)) > 0).length;
    const withLevel = groups.filter((group) => group.value !== null);
    expect(withLevel.reduce((sum, group) => sum + group.count, 0)).toBe(levels);
    const rows: TableRow[] = [];
    await client.readAllRows(
      async (chunk) => void rows.push(...chunk),
      new AbortController().signal,
    );
    const heights = rows.map((row) => row.cells[4]?.text ?? null);
    const numbers = heights.filter((text) => text !== null).map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(heights.indexOf(null)).toBe(numbers.length);
    client.close();
  }, 300_000);
});

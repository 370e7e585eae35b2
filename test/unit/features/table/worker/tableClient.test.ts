import { describe, expect, it } from 'vitest';
import { TableClient } from '../../../../../src/features/table/tableClient';
import { openTableChannel } from '../../../../../src/features/table/worker/tableChannel';
import { EMPTY_TABLE, type TableSpec } from '../../../../../src/features/table/core/tableSpec';
import type { TableRow } from '../../../../../src/features/table/core/tableRows';
import { loadedSet } from '../../../support/objectSets';
import { settle } from '../../../support/tableSettle';

const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });
const level = (id: string, name: string) => ({
  id,
  speckle_type: 'Objects.BuiltElements.Level',
  name,
});
const wall = (id: string, height: number, levelId: string, fire: string | null) => ({
  id,
  speckle_type: 'Objects.BuiltElements.Wall',
  units: 'm',
  height,
  level: ref(levelId),
  parameters: {
    FIRE_RATING: { name: 'Fire Rating', value: fire, units: null, speckle_type: 'Parameter' },
  },
});
const objects = [
  { id: 'root', speckle_type: 'Base', elements: [ref('w1'), ref('w2'), ref('w3')] },
  wall('w1', 3.5, 'l2', '1h'),
  wall('w2', 2, 'l1', null),
  level('l1', 'Level 1'),
  wall('w3', 4, 'l2', '2h'),
  level('l2', 'Level 2'),
];
const set = loadedSet(objects.map((object) => ({ id: object.id, raw: JSON.stringify(object) })));

/** Opens a client on the set and waits for the spec's table to be ready (or to fail). */
async function built(spec: TableSpec, findingIds: string[] | null = null) {
  const client = new TableClient((onAnswer) => openTableChannel(set, onAnswer));
  await settle(client, () => client.setSpec(spec, findingIds));
  return client;
}

async function allRows(client: TableClient): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  await client.readAllRows(async (chunk) => void rows.push(...chunk), new AbortController().signal);
  return rows;
}

const walls: TableSpec = {
  ...EMPTY_TABLE,
  source: { kind: 'type', speckleType: 'Objects.BuiltElements.Wall' },
  columns: ['height', 'level.name', 'parameters."Fire Rating"'],
};

describe('a property table built on the page (no Worker)', () => {
  it('has a row per chosen object, references followed, units shown', async () => {
    const client = await built(walls);
    const snapshot = client.getSnapshot();
    expect(snapshot.sourceCount).toBe(3);
    expect(snapshot.rowCount).toBe(3);
    const rows = await allRows(client);
    expect(rows).toEqual([
      {
        id: 'w1',
        cells: [
          { text: '3.5', unit: 'm' },
          { text: 'Level 2', unit: null },
          { text: '1h', unit: null },
        ],
      },
      {
        id: 'w2',
        cells: [
          { text: '2', unit: 'm' },
          { text: 'Level 1', unit: null },
          { text: 'null', unit: null },
        ],
      },
      {
        id: 'w3',
        cells: [
          { text: '4', unit: 'm' },
          { text: 'Level 2', unit: null },
          { text: '2h', unit: null },
        ],
      },
    ]);
    client.close();
  });

  it('sorts, filters and groups without reading the set again', async () => {
    const client = await built(walls);
    const spec: TableSpec = {
      ...walls,
      sort: { column: 'height', descending: true },
      groupBy: 'level.name',
      filters: [{ column: 'height', filter: { kind: 'range', min: 2.5, max: null } }],
    };
    const snapshot = await settle(client, () => client.setSpec(spec, null));
    expect(snapshot.rowCount).toBe(2);
    expect((await allRows(client)).map((row) => row.id)).toEqual(['w3', 'w1']);
    expect(snapshot.groups).toEqual([
      {
        value: 'Level 2',
        count: 2,
        numbers: [{ sum: 7.5, min: 3.5, max: 4 }, null, null],
      },
    ]);
    client.close();
  });

  it('follows a path through an array of references', async () => {
    const client = await built(
      {
        ...EMPTY_TABLE,
        source: { kind: 'finding', rule: 'any' },
        columns: ['elements.height'],
      },
      ['root'],
    );
    expect(await allRows(client)).toEqual([
      { id: 'root', cells: [{ text: '3.5; 2; 4', unit: 'm' }] },
    ]);
    client.close();
  });

  it('keeps the objects the search finds', async () => {
    const client = await built({
      ...EMPTY_TABLE,
      source: {
        kind: 'search',
        query: 'height>3',
        options: { matchCase: false, wholeWord: false, regex: false, scope: 'both' },
      },
      columns: ['id'],
    });
    expect((await allRows(client)).map((row) => row.id)).toEqual(['w1', 'w3']);
    client.close();
  });

  it('stops at a cancel, with a channel of its own, and builds the next spec', async () => {
    let opened = 0;
    let closed = 0;
    const client = new TableClient((onAnswer) => {
      opened += 1;
      const channel = openTableChannel(set, onAnswer);
      return { ...channel, close: () => ((closed += 1), channel.close()) };
    });
    client.setSpec(walls, null);
    client.cancel();
    expect(client.getSnapshot().state).toEqual({ status: 'cancelled' });
    expect([opened, closed]).toEqual([2, 1]);
    const snapshot = await settle(client, () => client.setSpec(walls, null));
    expect(snapshot).toMatchObject({ state: { status: 'ready' }, rowCount: 3 });
    client.close();
  });

  it('fails with the reason for a column that cannot be read', async () => {
    const client = new TableClient((onAnswer) => openTableChannel(set, onAnswer));
    const snapshot = await settle(client, () =>
      client.setSpec({ ...walls, columns: ['level name'] }, null),
    );
    expect(snapshot.state).toEqual({
      status: 'failed',
      message: expect.stringContaining('Column level name'),
    });
    client.close();
  });
});

import { describe, expect, it } from 'vitest';
import {
  BYTE_ORDER_MARK,
  csvParts,
  ndjsonParts,
  shownCell,
  tableFileDetail,
} from '../../../../../src/features/table/core/tableFiles';
import type { TableRow } from '../../../../../src/features/table/core/tableRows';
import { EMPTY_TABLE } from '../../../../../src/features/table/core/tableSpec';

async function joined(parts: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const part of parts) text += part;
  return text;
}

function row(id: string, ...texts: Array<string | [string, string] | null>): TableRow {
  return {
    id,
    cells: texts.map((text) =>
      text === null
        ? null
        : Array.isArray(text)
          ? { text: text[0], unit: text[1] }
          : { text, unit: null },
    ),
  };
}

describe('the table as CSV', () => {
  it('writes the header and each row as RFC 4180 records ending in CRLF', async () => {
    const csv = await joined(
      csvParts(['name', 'height'], [[row('a1', 'Wall 1', ['3.5', 'm'])], [row('b2', null, '2')]], {
        excel: false,
      }),
    );
    expect(csv).toBe('id,name,height\r\na1,Wall 1,3.5 m\r\nb2,,2\r\n');
  });

  it('quotes a field holding a comma, a quote, CR or LF, and doubles its quotes', async () => {
    const csv = await joined(
      csvParts(
        ['a', 'b', 'c', 'd', 'e'],
        [[row('x', 'one, two', 'say "hi"', 'line\nbreak', 'carriage\rreturn', '"')]],
        { excel: false },
      ),
    );
    expect(csv).toBe(
      'id,a,b,c,d,e\r\nx,"one, two","say ""hi""","line\nbreak","carriage\rreturn",""""\r\n',
    );
  });

  it('quotes a column path holding a comma or quote in the header', async () => {
    const csv = await joined(csvParts(['parameters."Fire, Rating"'], [], { excel: false }));
    expect(csv).toBe('id,"parameters.""Fire, Rating"""\r\n');
  });

  it('keeps any script and emoji as they are, and formula-like cells untouched without the option', async () => {
    const csv = await joined(
      csvParts(['n'], [[row('x', 'Höhe 中文 🧱'), row('y', '=1+1'), row('z', '-3')]], {
        excel: false,
      }),
    );
    expect(csv).toBe('id,n\r\nx,Höhe 中文 🧱\r\ny,=1+1\r\nz,-3\r\n');
    const bytes = new TextEncoder().encode(csv);
    expect(bytes.slice(0, 3)).toEqual(new Uint8Array([0x69, 0x64, 0x2c]));
  });

  it('Excel-friendly: a byte order mark first, and cells that would run as formulas guarded', async () => {
    const csv = await joined(
      csvParts(
        ['n'],
        [
          [
            row('a', '=HYPERLINK("x")'),
            row('b', '+1+1'),
            row('c', '@SUM(A1)'),
            row('d', '-2+3'),
            row('e', '=1\n2'),
            row('f', '-3.5'),
            row('g', '+1e3'),
            row('h', 'plain'),
          ],
        ],
        { excel: true },
      ),
    );
    expect(csv.startsWith(BYTE_ORDER_MARK + 'id,n\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n').slice(1)).toEqual([
      `a,"'=HYPERLINK(""x"")"`,
      `b,"'+1+1"`,
      `c,"'@SUM(A1)"`,
      `d,"'-2+3"`,
      `e,"'=1\n2"`,
      'f,-3.5',
      'g,+1e3',
      'h,plain',
      '',
    ]);
    expect(Array.from(new TextEncoder().encode(csv).slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('reads its rows batch by batch, as they come', async () => {
    async function* batches() {
      yield [row('1', 'a')];
      yield [];
      yield [row('2', 'b'), row('3', 'c')];
    }
    const parts: string[] = [];
    for await (const part of csvParts(['n'], batches(), { excel: false })) parts.push(part);
    expect(parts).toEqual(['id,n\r\n', '1,a\r\n', '2,b\r\n3,c\r\n']);
  });
});

describe('the table as NDJSON', () => {
  it('writes one object per row: the id and each column as shown, units apart', async () => {
    const text = await joined(
      ndjsonParts(
        ['name', 'height', '"a \\"b\\"".c'],
        [[row('a1', 'Wall "1"', ['3.5', 'm'], null)]],
      ),
    );
    expect(text).toBe(
      '{"id":"a1","cells":{"name":{"text":"Wall \\"1\\"","unit":null},"height":{"text":"3.5","unit":"m"},"\\"a \\\\\\"b\\\\\\"\\".c":null}}\n',
    );
    expect(JSON.parse(text)).toEqual({
      id: 'a1',
      cells: {
        name: { text: 'Wall "1"', unit: null },
        height: { text: '3.5', unit: 'm' },
        '"a \\"b\\"".c': null,
      },
    });
  });

  it('keeps a line break inside a text on its line', async () => {
    const text = await joined(ndjsonParts(['n'], [[row('x', 'a\nb\r\u2028'), row('y', '中文')]]));
    expect(text.split('\n')).toHaveLength(3);
    expect(
      text
        .split('\n')
        .slice(0, 2)
        .map((line) => JSON.parse(line).cells.n.text),
    ).toEqual(['a\nb\r\u2028', '中文']);
  });
});

describe('a table file', () => {
  it('shows a cell as its text and its unit after a space', () => {
    expect(shownCell({ text: '3.5', unit: 'm' })).toBe('3.5 m');
    expect(shownCell({ text: 'x', unit: null })).toBe('x');
    expect(shownCell(null)).toBe('');
  });

  it('is named by what made the table: rows, filters, order and grouping', () => {
    expect(tableFileDetail(EMPTY_TABLE)).toBe('all');
    expect(
      tableFileDetail({
        ...EMPTY_TABLE,
        source: {
          kind: 'type',
          speckleType: 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
        },
        filters: [
          { column: 'parameters.Length', filter: { kind: 'range', min: 5, max: null } },
          { column: 'family', filter: { kind: 'equals', text: 'Basic Wall' } },
          { column: 'a', filter: { kind: 'missing' } },
        ],
        sort: { column: 'height', descending: true },
        groupBy: 'parameters.Level',
      }),
    ).toBe(
      'RevitWall-where-parameters.Length-5..-where-family-is-Basic Wall-where-a-missing-by-height-desc-grouped-parameters.Level',
    );
    expect(
      tableFileDetail({
        ...EMPTY_TABLE,
        source: { kind: 'finding', rule: 'mesh:faces' },
        filters: [
          { column: 'name', filter: { kind: 'contains', text: 'ext' } },
          { column: 'b', filter: { kind: 'exists' } },
        ],
      }),
    ).toBe('finding-mesh:faces-where-name-has-ext-where-b-exists');
  });

  it('cuts a long name, ending it in a hash of the whole so that two tables differ', () => {
    const searchOf = (query: string) =>
      tableFileDetail({
        ...EMPTY_TABLE,
        source: {
          kind: 'search',
          query,
          options: { matchCase: false, wholeWord: false, regex: false, scope: 'both' },
        },
      });
    const one = searchOf(`${'x'.repeat(200)}1`);
    const two = searchOf(`${'x'.repeat(200)}2`);
    expect(one).toHaveLength(120);
    expect(one).toMatch(/^search-x+-[0-9a-f]{8}$/);
    expect(two).toHaveLength(120);
    expect(two).not.toBe(one);
  });
});

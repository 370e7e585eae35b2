/**
 * The property table as files, written from the rows as the table shows them, batch by batch:
 * a table can have a million rows, and no file is ever one string.
 *
 * CSV follows RFC 4180: records end in CRLF, a field holding a comma, a double quote, CR or LF is
 * quoted and its quotes doubled; the first record is the header (`id`, then each column's path).
 * Papa Parse's `unparse` writes the records (a maintained, browser-ready CSV library rather than
 * quoting rules of our own). A cell is its text as the table shows it, its unit after a space.
 *
 * "Excel-friendly" adds a UTF-8 byte order mark, by which Excel tells UTF-8 from the system's
 * code page, and guards against formula injection: a cell starting with `=`, `+`, `-`, `@`, a tab
 * or CR (which a spreadsheet would run as a formula) gets a leading `'`. A plain number such as
 * `-3.5` is left as it is, so that it stays a number. That option changes those cells' bytes; the
 * plain CSV is exactly what is shown.
 *
 * NDJSON is one JSON object per row: `{"id":…,"cells":{column:{"text":…,"unit":…}|null}}`, the
 * texts as shown and the units apart.
 */
import Papa from 'papaparse';
import type { TableCell, TableRow } from './tableRows';
import type { ColumnFilter, TableSpec } from './tableSpec';
import { idHash } from '../../../bytes/idHash';
import { shortTypeName } from '../../../speckle/types';

export type RowBatches = Iterable<readonly TableRow[]> | AsyncIterable<readonly TableRow[]>;

interface CsvOptions {
  /** A byte order mark first, and formula-like cells guarded (see above). */
  excel: boolean;
}

const CRLF = '\r\n';
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Starts as a formula would, and is not a plain number. Papa Parse's own guard,
 * `/^[=+\-@\t\r].*$/`, misses a formula whose cell holds a line break further on (`.` stops at
 * it), and would turn every negative number into text.
 */
const FORMULA_START = /^(?![+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$)[=+\-@\t\r]/i;

/** A cell as the table shows it: the text, and its unit after a space. Empty where there is none. */
export function shownCell(cell: TableCell | null): string {
  if (!cell) return '';
  return cell.unit ? `${cell.text} ${cell.unit}` : cell.text;
}

export async function* csvParts(
  columns: readonly string[],
  batches: RowBatches,
  { excel }: CsvOptions,
): AsyncGenerator<string> {
  const config: Papa.UnparseConfig = {
    newline: CRLF,
    quotes: false,
    escapeFormulae: excel ? FORMULA_START : false,
  };
  yield (excel ? BYTE_ORDER_MARK : '') + Papa.unparse([['id', ...columns]], config) + CRLF;
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    const records = rows.map((row) => [
      row.id,
      ...columns.map((_, at) => shownCell(row.cells[at] ?? null)),
    ]);
    yield Papa.unparse(records, config) + CRLF;
  }
}

export async function* ndjsonParts(
  columns: readonly string[],
  batches: RowBatches,
): AsyncGenerator<string> {
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    let part = '';
    for (const row of rows) {
      const cells = Object.fromEntries(
        columns.map((column, at) => [column, row.cells[at] ?? null]),
      );
      part += JSON.stringify({ id: row.id, cells }) + '\n';
    }
    yield part;
  }
}

/** Past this, a file name's detail ends in a hash of the whole: names stay short and distinct. */
const DETAIL_CHARS = 120;

function filterWords(filter: ColumnFilter): string {
  switch (filter.kind) {
    case 'equals':
      return `is-${filter.text}`;
    case 'contains':
      return `has-${filter.text}`;
    case 'range':
      return `${filter.min ?? ''}..${filter.max ?? ''}`;
    default:
      return filter.kind;
  }
}

/**
 * What made the table, for a file's name (exports make it safe): its rows' source, each filter,
 * the order and the grouping (the columns are the file's header). A long one is cut, with a hash
 * of the whole, so that two tables' files do not take one name.
 */
export function tableFileDetail({ source, filters, sort, groupBy }: TableSpec): string {
  const rows =
    source.kind === 'all'
      ? 'all'
      : source.kind === 'type'
        ? shortTypeName(source.speckleType) || 'type'
        : source.kind === 'search'
          ? `search-${source.query}`
          : `finding-${source.rule}`;
  const detail = [
    rows,
    ...filters.map(({ column, filter }) => `where-${column}-${filterWords(filter)}`),
    sort ? `by-${sort.column}${sort.descending ? '-desc' : ''}` : '',
    groupBy === null ? '' : `grouped-${groupBy}`,
  ]
    .filter((part) => part !== '')
    .join('-');
  if (detail.length <= DETAIL_CHARS) return detail;
  const hash = idHash(detail).toString(16).padStart(8, '0');
  return `${detail.slice(0, DETAIL_CHARS - 9)}-${hash}`;
}

/** The property table as downloads, through the exports feature's save dialog or Blob. */
import type { ExportFormat } from '../exports';
import { csvParts, ndjsonParts, type RowBatches } from './core/tableFiles';

interface TableFileInput {
  columns: readonly string[];
  batches: RowBatches;
}

const CSV_TYPE = 'text/csv;charset=utf-8';

export const TABLE_EXPORT_FORMATS = {
  csv: {
    id: 'table-csv',
    label: 'Download table CSV',
    summary:
      'Every row as shown (RFC 4180, UTF-8): the id, then each column; the first line names them.',
    kind: 'table',
    extension: 'csv',
    mimeType: CSV_TYPE,
    description: 'CSV',
    transformation: 'The cells as the table shows them, each unit after its value.',
    parts: ({ columns, batches }) => csvParts(columns, batches, { excel: false }),
  },
  excelCsv: {
    id: 'table-csv-excel',
    label: 'Download table CSV for Excel',
    summary:
      "The same with a byte order mark, and a ' put before cells starting with = + - or @ " +
      '(numbers left alone), so that a spreadsheet runs no formula from them.',
    kind: 'table-excel',
    extension: 'csv',
    mimeType: CSV_TYPE,
    description: 'CSV',
    transformation:
      "As the CSV, with a UTF-8 byte order mark first and a leading ' in each cell that starts " +
      'with =, +, -, @, a tab or a carriage return and is not a plain number.',
    parts: ({ columns, batches }) => csvParts(columns, batches, { excel: true }),
  },
  ndjson: {
    id: 'table-ndjson',
    label: 'Download table NDJSON',
    summary: 'One JSON object per row: its id, and each column’s text and unit as shown.',
    kind: 'table',
    extension: 'ndjson',
    mimeType: 'application/x-ndjson',
    description: 'Newline-delimited JSON',
    transformation: 'The cells as the table shows them, with their units apart.',
    parts: ({ columns, batches }) => ndjsonParts(columns, batches),
  },
} as const satisfies Record<string, ExportFormat<TableFileInput>>;

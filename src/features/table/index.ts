export { usePropertyTable, type PropertyTable, type TableState } from './usePropertyTable';
export type { ColumnFilter, RowSource, TableSort, TableSpec } from './core/tableSpec';
export { EMPTY_TABLE } from './core/tableSpec';
export type { ColumnSuggestion, TableCell, TableGroup, TableRow } from './core/tableRows';
export { PropertyTablePanel } from './PropertyTablePanel';
export type { TableFinding } from './RowsChooser';
export { useShowFindingInTable } from './useTableAddress';

import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAddressRewrite } from '../../shared/addressRewrite';
import { readSearchInput } from '../search';
import { withSource } from './core/specEdits';
import { readTableAddress, writeTableAddress, type TableAddress } from './core/tableUrl';

/**
 * The property table as the address holds it (core/tableUrl.ts), and a way to write it there, in
 * place as the search does (shared/addressRewrite.ts): a column added is not a step for Back.
 */
export function useTableAddress() {
  const location = useLocation();
  const rewrite = useAddressRewrite();
  const search = useMemo(() => readSearchInput(location.search), [location.search]);
  const table = useMemo(() => readTableAddress(location.search, search), [location.search, search]);
  const write = useCallback(
    (next: TableAddress) => rewrite((current) => writeTableAddress(current, next)),
    [rewrite],
  );
  return { table, search, write };
}

/**
 * Opens the table on the objects of a doctor finding, its columns, filters, sort and grouping kept:
 * the model doctor's "Show in property table".
 */
export function useShowFindingInTable() {
  const { table, write } = useTableAddress();
  return useCallback(
    (rule: string) =>
      write({ open: true, spec: withSource(table.spec, { kind: 'finding', rule }) }),
    [table, write],
  );
}

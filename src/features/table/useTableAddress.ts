import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withoutLookupRequest } from '../../connection/useLookupServer';
import { readSearchInput } from '../search';
import { withSource } from './core/specEdits';
import { readTableAddress, writeTableAddress, type TableAddress } from './core/tableUrl';

/**
 * The property table as the address holds it (core/tableUrl.ts), and a way to write it there, in
 * place of the current entry as the search does: a column added is not a step for Back. The
 * history entry's state stays, but for the mark of a lookup request: the table asks the server for
 * nothing.
 */
export function useTableAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const search = useMemo(() => readSearchInput(location.search), [location.search]);
  const table = useMemo(() => readTableAddress(location.search, search), [location.search, search]);
  const write = useCallback(
    (next: TableAddress) => {
      const search = writeTableAddress(location.search, next);
      if (search === location.search) return;
      const to = { pathname: location.pathname, search, hash: location.hash };
      void navigate(to, { replace: true, state: withoutLookupRequest(location.state) });
    },
    [location, navigate],
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

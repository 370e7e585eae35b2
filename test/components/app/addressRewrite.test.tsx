import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AddressRewrites, LastRewrite } from '../../../src/shared/addressRewrite';
import { useSearchAddress } from '../../../src/features/search/useSearchAddress';
import { useTableAddress } from '../../../src/features/table/useTableAddress';
import { DEFAULT_MATCH_OPTIONS } from '../../../src/speckle/searchQuery';
import { EMPTY_TABLE } from '../../../src/features/table/core/tableSpec';

describe('views that keep their state in the address', () => {
  it('keep both rewrites made before the page draws again', () => {
    let writeBoth = () => {};
    function Views() {
      const search = useSearchAddress();
      const table = useTableAddress();
      writeBoth = () => {
        search.write({ query: 'wall', options: DEFAULT_MATCH_OPTIONS });
        table.write({ open: true, spec: { ...EMPTY_TABLE, columns: ['height'] } });
      };
      return null;
    }
    const router = createMemoryRouter([{ path: '/objects/:id', element: <Views /> }], {
      initialEntries: ['/objects/abc?server=1'],
    });
    render(
      <AddressRewrites value={new LastRewrite()}>
        <RouterProvider router={router} />
      </AddressRewrites>,
    );

    act(() => writeBoth());

    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('server')).toBe('1');
    expect(params.get('search')).toBe('wall');
    expect(params.get('table')).toBe('1');
    expect(params.getAll('col')).toEqual(['height']);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectShownObject, renderApp } from '../renderApp';
import { PROJECT_ID, serveWithChildren } from '../speckleDouble';

const id = (n: number) => `${n.toString(16).padStart(2, '0')}${'ab'.repeat(15)}`;
const ROOT = id(1);
const WALL = 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall';
const CHILDREN = [
  {
    id: id(2),
    speckle_type: WALL,
    name: 'Wall "A"',
    height: 3.2,
    level: { name: 'L1' },
    units: 'm',
  },
  { id: id(3), speckle_type: WALL, name: 'Wall B', height: 2.5, level: { name: 'L2' }, units: 'm' },
  { id: id(4), speckle_type: WALL, name: 'Wall, C', height: 4, level: { name: 'L1' }, units: 'm' },
  { id: id(5), speckle_type: 'Objects.BuiltElements.Door', name: 'Door', level: { name: 'L2' } },
];
const OBJECTS = [
  {
    id: ROOT,
    speckle_type: 'Speckle.Core.Models.Collection',
    name: 'Building',
    __closure: Object.fromEntries(CHILDREN.map((child) => [child.id, 1])),
  },
  ...CHILDREN,
];
const LINES = OBJECTS.map((object) => `${object.id}\t${JSON.stringify(object)}\n`).join('');

async function openResult(route = `/objects/${PROJECT_ID}/${ROOT}`) {
  serveWithChildren(LINES);
  const view = renderApp({ route });
  await screen.findByText(`${OBJECTS.length} objects`, {
    exact: false,
    selector: '[role="status"]',
  });
  return view;
}

function tablePanel() {
  return screen.getByRole('group', { name: 'Property table' });
}

/** The rows' texts as the grid shows them, header first, without the sorted column's arrow. */
function gridTexts(): string[][] {
  const grid = screen.getByRole('grid', { name: 'Property table rows' });
  return within(grid)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('[role="columnheader"], [role="rowheader"], [role="gridcell"]')].map(
        (cell) => cell.textContent!.replace(/ [↑↓]$/, '').trim(),
      ),
    );
}

/** Opens the panel: its details element tells of the toggle in a task of its own. */
async function openTable(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByText('Property table', { selector: 'summary' }));
  await within(tablePanel()).findByRole('combobox', { name: 'Rows' });
  return tablePanel();
}

async function addPath(user: ReturnType<typeof renderApp>['user'], path: string) {
  const panel = tablePanel();
  await user.type(within(panel).getByRole('textbox', { name: 'Column path' }), path);
  await user.click(within(panel).getByRole('button', { name: 'Add path' }));
}

describe('the property table', () => {
  it('builds a table of one type, sorts, filters, groups and opens a row, all kept in the address', async () => {
    const { user, router } = await openResult();
    const panel = await openTable(user);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Rows' }), 'type');
    // The choice of rows goes through the address: the type's list comes once the page draws it.
    await user.selectOptions(await within(panel).findByRole('combobox', { name: 'Type' }), WALL);
    await addPath(user, 'name');
    await addPath(user, 'height');
    await addPath(user, 'level.name');

    await waitFor(() => expect(within(panel).getByText('3 rows.')).toBeInTheDocument());
    await waitFor(() =>
      expect(gridTexts()).toEqual([
        ['Object', 'name', 'height', 'level.name'],
        [id(2).slice(0, 10), 'Wall "A"', '3.2 m', 'L1'],
        [id(3).slice(0, 10), 'Wall B', '2.5 m', 'L2'],
        [id(4).slice(0, 10), 'Wall, C', '4 m', 'L1'],
      ]),
    );

    // Sorting by a header, then the other way.
    const heightHeader = within(panel).getByRole('columnheader', { name: 'height' });
    await user.click(within(heightHeader).getByRole('button', { name: 'height' }));
    await waitFor(() => expect(heightHeader).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() =>
      expect(gridTexts().map((row) => row[2])).toEqual(['height', '2.5 m', '3.2 m', '4 m']),
    );
    await user.click(within(heightHeader).getByRole('button', { name: /height/ }));
    await waitFor(() => expect(heightHeader).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() =>
      expect(gridTexts().map((row) => row[2])).toEqual(['height', '4 m', '3.2 m', '2.5 m']),
    );

    // A number range on one column.
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter height' }),
      'range',
    );
    await user.type(within(panel).getByRole('textbox', { name: 'Least height' }), '3');
    await user.click(within(panel).getByRole('button', { name: 'Apply filter of height' }));
    await waitFor(() =>
      expect(within(panel).getByText(/^2 rows of 3 objects/)).toBeInTheDocument(),
    );

    // Grouped by level, with the heights' figures.
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Group by' }),
      'level.name',
    );
    const groups = await within(panel).findByRole('table', { name: /groups? by level\.name/ });
    const l1 = within(groups).getByRole('rowheader', { name: 'L1' }).closest('tr')!;
    expect(
      within(l1)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '7.2; 3.2; 4']);

    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('table')).toBe('1');
    expect(search.get('rows')).toBe(`type:${WALL}`);
    expect(search.getAll('col')).toEqual(['name', 'height', 'level.name']);
    expect(search.get('sort')).toBe('height');
    expect(search.get('desc')).toBe('1');
    expect(search.getAll('where')).toEqual(['height']);
    expect(search.getAll('is')).toEqual(['range:3..']);
    expect(search.get('group')).toBe('level.name');

    // A row opens its object.
    const firstRow = screen
      .getAllByRole('row')
      .find((row) => row.getAttribute('aria-rowindex') === '2')!;
    await user.click(firstRow);
    await expectShownObject(id(4));
    expect(new URLSearchParams(router.state.location.search).getAll('col')).toHaveLength(3);
  });

  it('reproduces a table from its address', async () => {
    const search = new URLSearchParams({
      table: '1',
      rows: `type:${WALL}`,
      sort: 'name',
      desc: '1',
    });
    search.append('col', 'name');
    search.append('where', 'level.name');
    search.append('is', 'equals:L1');
    await openResult(`/objects/${PROJECT_ID}/${ROOT}?${search}`);
    const panel = tablePanel();
    expect(panel).toHaveAttribute('open');
    await waitFor(() =>
      expect(within(panel).getByText(/^2 rows of 3 objects/)).toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(gridTexts()).toEqual([
        ['Object', 'name'],
        [id(4).slice(0, 10), 'Wall, C'],
        [id(2).slice(0, 10), 'Wall "A"'],
      ]),
    );
    expect(within(panel).getByRole('combobox', { name: 'Filter level.name' })).toHaveValue(
      'equals',
    );
  });

  it('moves and takes away columns, and refuses a path it cannot read', async () => {
    const { user, router } = await openResult();
    const panel = await openTable(user);
    await addPath(user, 'name');
    await addPath(user, 'speckle_type');
    await user.click(within(panel).getByRole('button', { name: 'Move speckle_type left' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('col')).toEqual([
        'speckle_type',
        'name',
      ]),
    );
    await user.click(within(panel).getByRole('button', { name: 'Remove name' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('col')).toEqual([
        'speckle_type',
      ]),
    );

    await user.type(within(panel).getByRole('textbox', { name: 'Column path' }), 'a b');
    expect(within(panel).getByRole('textbox', { name: 'Column path' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(panel).getByRole('button', { name: 'Add path' })).toBeDisabled();
  });

  it('has a row for each object the search in the address finds', async () => {
    const { user, router } = await openResult();
    const panel = await openTable(user);
    await user.type(screen.getByRole('searchbox', { name: 'Search all objects' }), 'name:Wall');
    // The router takes each address in a transition: the panel has drawn this one.
    await within(panel).findByRole('option', { name: 'Search results: name:Wall' });
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Rows' }), 'search');
    expect(within(panel).getByRole('combobox', { name: 'Rows' })).toHaveDisplayValue(
      'Search results: name:Wall',
    );
    await addPath(user, 'name');
    await waitFor(() => expect(within(panel).getByText('3 rows.')).toBeInTheDocument());
    expect(new URLSearchParams(router.state.location.search).get('rows')).toBe('search');

    // Another search, other rows.
    const box = screen.getByRole('searchbox', { name: 'Search all objects' });
    await user.clear(box);
    await user.type(box, 'name:Door');
    await waitFor(() => expect(within(panel).getByText('1 row.')).toBeInTheDocument());
  });

  it('offers the paths the chosen objects have, with how many have each', async () => {
    const { user } = await openResult();
    const panel = await openTable(user);
    const suggested = within(panel).getByRole('combobox', { name: 'Suggested column' });
    await waitFor(() =>
      expect(
        within(suggested).getByRole('option', { name: /^height \(3, numbers\)$/ }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(suggested, 'height');
    await user.click(within(panel).getByRole('button', { name: 'Add column' }));
    await waitFor(() => expect(within(panel).getByText('5 rows.')).toBeInTheDocument());
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectShownObject, renderApp } from '../renderApp';
import { CUBE_LINES, CUBE_OBJECTS, PROJECT_ID, ROOT_ID, serveWithChildren } from '../speckleDouble';

const route = `/objects/${PROJECT_ID}/${ROOT_ID}`;
const MESHES = CUBE_OBJECTS.filter(({ raw }) => raw.includes('Objects.Geometry.Mesh'));

async function openCube(lines = CUBE_LINES, at = route) {
  serveWithChildren(lines);
  const view = renderApp({ route: at });
  await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
    exact: false,
    selector: '[role="status"]',
  });
  return view;
}

function tablePanel() {
  return screen.getByRole('group', { name: 'Property table' });
}

/** A cube table of its meshes' types, from the address. */
function meshTableRoute(): string {
  const search = new URLSearchParams({ table: '1', rows: 'type:Objects.Geometry.Mesh' });
  search.append('col', 'speckle_type');
  search.append('col', 'units');
  return `${route}?${search}`;
}

interface SavedFile {
  name: string;
  chunks: Uint8Array[];
  closed: boolean;
}

/** Stands in for the browser's save dialog, keeping what is written; taken away by the caller. */
function stubSaveDialog(): { files: SavedFile[]; remove: () => void } {
  const files: SavedFile[] = [];
  Object.assign(window, {
    showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) => {
      const file: SavedFile = { name: suggestedName, chunks: [], closed: false };
      files.push(file);
      return {
        createWritable: async () => ({
          write: async (data: Uint8Array) => void file.chunks.push(data.slice()),
          close: async () => void (file.closed = true),
          abort: async () => undefined,
        }),
      };
    },
  });
  return {
    files,
    remove: () => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker,
  };
}

describe('the property table', () => {
  it('shows the objects of a doctor finding', async () => {
    const lines = CUBE_LINES.replaceAll('"units": "m", ', '').replaceAll('"units":"m",', '');
    const { user, router } = await openCube(lines);
    const doctor = screen.getByRole('region', { name: 'Model doctor' });
    const check = within(doctor).getByRole('button', { name: 'Check model' });
    await waitFor(() => expect(check).toBeEnabled());
    await user.click(check);
    await user.click(
      await within(doctor).findByRole('button', {
        name: 'Show Meshes without units in property table',
      }),
    );

    const panel = tablePanel();
    expect(new URLSearchParams(router.state.location.search).get('rows')).toBe(
      'finding:mesh-missing-units',
    );
    expect(within(panel).getByRole('combobox', { name: 'Rows' })).toHaveDisplayValue(
      'Doctor finding: Meshes without units',
    );
    // Before any column, a row per object of the finding, named by its id.
    const grid = await within(panel).findByRole('grid', { name: 'Property table rows' });
    await waitFor(() =>
      expect(
        within(grid)
          .queryAllByRole('rowheader')
          .map((cell) => cell.getAttribute('title'))
          .sort(),
      ).toEqual(MESHES.map(({ id }) => id).sort()),
    );
    await user.type(within(panel).getByRole('textbox', { name: 'Column path' }), 'speckle_type');
    await user.click(within(panel).getByRole('button', { name: 'Add path' }));
    await waitFor(() =>
      expect(within(panel).getByText(`${MESHES.length} rows.`)).toBeInTheDocument(),
    );
  });

  it('says what to do when a link names a finding the doctor has not shown here', async () => {
    const search = new URLSearchParams({ table: '1', rows: 'finding:mesh-missing-units' });
    await openCube(CUBE_LINES, `${route}?${search}`);
    expect(
      await within(tablePanel()).findByText(/Run Check model in the model doctor/),
    ).toBeInTheDocument();
  });

  it('moves through the rows and opens one with the keyboard alone', async () => {
    const { user } = await openCube(CUBE_LINES, meshTableRoute());
    const grid = await within(tablePanel()).findByRole('grid', { name: 'Property table rows' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(MESHES.length + 1));
    await waitFor(() => expect(within(grid).queryByText(/^Row \d+…$/)).toBeNull());
    grid.focus();
    await user.keyboard('{End}');
    const last = within(grid).getAllByRole('row').at(-1)!;
    expect(grid).toHaveAttribute('aria-activedescendant', last.id);
    expect(last).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}{ArrowDown}');
    const second = within(grid).getAllByRole('row')[2]!;
    expect(grid).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    await expectShownObject(within(second).getByRole('rowheader').getAttribute('title')!);
  });

  it('starts again at the first row when the order changes', async () => {
    expect(MESHES.length).toBeGreaterThan(1);
    const { user } = await openCube(CUBE_LINES, meshTableRoute());
    const grid = await within(tablePanel()).findByRole('grid', { name: 'Property table rows' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(MESHES.length + 1));
    grid.focus();
    await user.keyboard('{End}');
    expect(grid.getAttribute('aria-activedescendant')).toBe(
      within(grid).getAllByRole('row').at(-1)!.id,
    );
    await user.click(within(grid).getByRole('button', { name: 'units' }));
    await waitFor(() =>
      expect(grid.getAttribute('aria-activedescendant')).toBe(
        within(grid).getAllByRole('row')[1]!.id,
      ),
    );
  });

  it('saves the rows as shown in CSV, CSV for Excel and NDJSON, named after the table', async () => {
    const { user } = await openCube(CUBE_LINES, meshTableRoute());
    const panel = tablePanel();
    const csvButton = await within(panel).findByRole('button', { name: 'Download table CSV' });
    await waitFor(() => expect(csvButton).toBeEnabled());
    const grid = within(panel).getByRole('grid', { name: 'Property table rows' });
    await waitFor(() => expect(within(grid).queryByText(/^Row \d+…$/)).toBeNull());
    const shown = within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        row.querySelector('[role="rowheader"]')!.getAttribute('title')!,
        ...[...row.querySelectorAll('[role="gridcell"]')].map((cell) => cell.textContent!),
      ]);
    expect(shown).toHaveLength(MESHES.length);

    const dialog = stubSaveDialog();
    try {
      await user.click(csvButton);
      await user.click(within(panel).getByRole('button', { name: 'Download table CSV for Excel' }));
      await user.click(within(panel).getByRole('button', { name: 'Download table NDJSON' }));
      await waitFor(() =>
        expect(dialog.files.map(({ closed }) => closed)).toEqual([true, true, true]),
      );
    } finally {
      dialog.remove();
    }
    const [csv, excel, ndjson] = dialog.files.map(({ name, chunks }) => ({
      name,
      text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(
        new Uint8Array(chunks.flatMap((chunk) => [...chunk])),
      ),
    }));
    const records = shown.map((cells) => cells.join(',') + '\r\n').join('');
    expect(csv!.name).toMatch(/_table-Mesh\.csv$/);
    expect(csv!.text).toBe(`id,speckle_type,units\r\n${records}`);
    expect(excel!.name).toMatch(/_table-excel-Mesh\.csv$/);
    expect(excel!.text).toBe(`\uFEFFid,speckle_type,units\r\n${records}`);
    expect(ndjson!.name).toMatch(/_table-Mesh\.ndjson$/);
    expect(
      ndjson!.text
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line)),
    ).toEqual(
      shown.map(([id, type, units]) => ({
        id,
        cells: { speckle_type: { text: type, unit: null }, units: { text: units, unit: null } },
      })),
    );
  });
});

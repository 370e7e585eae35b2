import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectShownObject, renderApp } from '../renderApp';
import {
  CUBE_LINES,
  CUBE_OBJECTS,
  PROJECT_ID,
  ROOT_ID,
  serveWithChildren,
  streamOf,
} from '../speckleDouble';

const route = `/objects/${PROJECT_ID}/${ROOT_ID}`;
const MESH = 'Objects.Geometry.Mesh';
const meshes = CUBE_OBJECTS.filter(({ raw }) => raw.includes(`"${MESH}"`));

function serveLines(text: string, options: { error?: boolean } = {}) {
  serveWithChildren(streamOf(text, options));
}

async function loadCube() {
  const view = renderApp({ route });
  await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
    exact: false,
    selector: '[role="status"]',
  });
  return view;
}

function listedIds(): string[] {
  const list = screen.getByRole('listbox', { name: 'Received objects' });
  return within(list)
    .queryAllByRole('option')
    .map((option) => /[0-9a-f]{32}/.exec(option.textContent ?? '')?.[0] ?? '');
}

describe('What’s in it', () => {
  it('counts objects and bytes per type, in a table beside a chart hidden from screen readers', async () => {
    const { user } = await loadCube();
    await user.click(screen.getByText('What’s in it'));

    const table = await screen.findByRole('table', { name: 'Objects and bytes per type' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 3));
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      );
    // Most objects first; the label is the short name, the row header a button.
    expect(rows.map(([count]) => count)).toEqual(['4', '3', '2']);
    const meshButton = screen.getByRole('button', { name: 'Show only Mesh objects' });
    expect(meshButton).toHaveAttribute('title', MESH);
    expect(screen.getByRole('button', { name: 'Download Mesh objects' })).toBeInTheDocument();
    expect(document.querySelector('.type-chart')).toHaveAttribute('aria-hidden', 'true');
  });

  it('filters the object list to exactly the chosen type, from the table or the chart', async () => {
    const { user } = await loadCube();
    await user.click(screen.getByText('What’s in it'));
    const show = await screen.findByRole('button', { name: 'Show only Mesh objects' });

    await user.click(show);
    expect(listedIds()).toEqual(meshes.map(({ id }) => id));
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Only Mesh')).toHaveAttribute('title', MESH);
    expect(
      screen.getByText(`Showing ${meshes.length} of ${CUBE_OBJECTS.length}`),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear type filter' }));
    expect(listedIds()).toHaveLength(CUBE_OBJECTS.length);
    expect(screen.getByRole('searchbox', { name: 'Filter objects' })).toHaveFocus();

    // The chart is a mouse shortcut for the same thing.
    const chart = document.querySelector<HTMLElement>('.type-chart')!;
    await user.click(within(chart).getByText('DataChunk'));
    expect(listedIds()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Show only DataChunk objects' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('counts objects as they arrive, before the load ends', async () => {
    const lines = CUBE_LINES.split('\n').slice(0, -1);
    let sendRest: () => void = () => undefined;
    serveWithChildren(
      new ReadableStream({
        start(controller) {
          const encode = (text: string) => new TextEncoder().encode(text);
          controller.enqueue(
            encode(
              lines
                .slice(0, 4)
                .map((line) => `${line}\n`)
                .join(''),
            ),
          );
          sendRest = () => {
            controller.enqueue(
              encode(
                lines
                  .slice(4)
                  .map((line) => `${line}\n`)
                  .join(''),
              ),
            );
            controller.close();
          };
        },
      }),
    );
    const { user } = renderApp({ route });
    await screen.findByText(/4 of 9 objects/);
    await user.click(screen.getByText('What’s in it'));
    expect(await screen.findByText(/^4 objects in \d types/)).toBeInTheDocument();
    expect(screen.getByText(/Closure integrity: waits for the load to end/)).toBeInTheDocument();

    sendRest();
    expect(await screen.findByText(/^9 objects in 3 types/)).toBeInTheDocument();
    expect(await screen.findByText('Closure integrity: complete')).toBeInTheDocument();
  });

  it('works from the keyboard', async () => {
    const { user } = await loadCube();
    await user.click(screen.getByText('What’s in it'));
    const show = await screen.findByRole('button', { name: 'Show only Mesh objects' });
    show.focus();
    await user.keyboard('{Enter}');
    expect(listedIds()).toHaveLength(meshes.length);
  });

  it('shows where the closure’s descendants sit and opens the largest objects', async () => {
    const { user } = await loadCube();
    await user.click(screen.getByText('What’s in it'));
    // The figures are tallied in time slices after the panel opens.
    await screen.findByText(/^9 objects in 3 types/);
    const depths = screen.getByRole('table', { name: /Descendants per depth/ });
    const root = JSON.parse(CUBE_OBJECTS[0]!.raw) as { __closure: Record<string, number> };
    const listed = Object.values(root.__closure);
    const rows = within(depths).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(
      [...new Set(listed)].sort().map((depth) => {
        const count = listed.filter((d) => d === depth).length;
        return `${depth}${count}${count}0`;
      }),
    );

    const bySize = [...CUBE_OBJECTS].sort(
      (a, b) => b.raw.length - a.raw.length || (a.id < b.id ? -1 : 1),
    );
    const largestList = screen.getByRole('list', { name: 'Largest objects' });
    expect(
      within(largestList)
        .getAllByRole('button')
        .map((button) => /[0-9a-f]{32}/.exec(button.textContent ?? '')?.[0]),
    ).toEqual(bySize.map(({ id }) => id));
    const largest = bySize[0]!;
    await user.click(within(largestList).getByRole('button', { name: new RegExp(largest.id) }));
    await expectShownObject(largest.id);
  });
});

describe('Closure integrity', () => {
  it('finds the complete cube complete', async () => {
    const { user } = await loadCube();
    const summary = await screen.findByText('Closure integrity: complete');
    await user.click(summary);
    expect(
      screen.getByText(/All 9 expected objects arrived \(the root and 8 listed in its __closure\)/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download missing ids' })).not.toBeInTheDocument();
  });

  it('lists what did not arrive when the stream breaks, saying the check covers what arrived', async () => {
    serveLines(CUBE_LINES.slice(0, CUBE_LINES.indexOf('\n', CUBE_LINES.length / 2) + 40), {
      error: true,
    });
    const { user } = renderApp({ route });
    await screen.findByRole('alert');
    const arrived = Number(/(\d+) of 9 objects/.exec(screen.getByRole('status').textContent!)?.[1]);
    expect(arrived).toBeGreaterThan(1);
    const summary = await screen.findByText(/^Closure integrity: \d+ missing/);
    await user.click(summary);

    expect(screen.getByText(/covers the \d+ objects that arrived/)).toHaveTextContent(
      `covers the ${arrived} objects`,
    );
    const missing = screen.getByRole('list', { name: 'Missing objects' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(
      CUBE_OBJECTS.slice(arrived).map(({ id }) => expect.stringContaining(id) as unknown as string),
    );
    expect(screen.getByRole('button', { name: 'Download missing ids' })).toBeInTheDocument();
    // A ticket report carries the same findings.
    await user.click(screen.getByRole('button', { name: 'Copy report' }));
    const report = await navigator.clipboard.readText();
    expect(report).toContain(
      `Integrity:\n- ${arrived} of 9 expected objects arrived; ${9 - arrived} listed in the root’s __closure did not.`,
    );
    // Holders of references to the missing objects open from the list.
    const dangling = screen.getByRole('list', { name: 'References to absent objects' });
    const holder = within(dangling).getAllByRole('button')[0]!;
    await user.click(holder);
    await expectShownObject(holder.textContent ?? '');
  });

  it('pages through thousands of missing ids', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => i.toString(16).padStart(32, '0'));
    const rootId = 'f'.repeat(32);
    const root = JSON.stringify({
      id: rootId,
      speckle_type: 'Base',
      __closure: Object.fromEntries(ids.map((id, i) => [id, 1 + (i % 3)])),
    });
    serveLines(`${rootId}\t${root}\n`);
    const { user } = renderApp({ route: `/objects/${PROJECT_ID}/${rootId}` });
    await user.click(await screen.findByText('Closure integrity: 250 missing'));
    expect(
      screen.getByText(/1 of 251 expected objects arrived; 250 listed in the root’s __closure/),
    ).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Missing objects' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()).toHaveLength(100);
    // Shallowest first, then by id.
    expect(items()[0]).toHaveTextContent(`${ids[0]} depth 1`);
    expect(screen.getByText('1–100 of 250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page of Missing objects' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page of Missing objects' }));
    await user.click(screen.getByRole('button', { name: 'Next page of Missing objects' }));
    expect(screen.getByText('201–250 of 250')).toBeInTheDocument();
    expect(items()).toHaveLength(50);
    expect(items().at(-1)).toHaveTextContent(`depth 3`);
    expect(screen.getByRole('button', { name: 'Next page of Missing objects' })).toBeDisabled();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../renderApp';
import { linesResponse, PROJECT_ID, SERVER, speckleServer, streamOf } from '../speckleDouble';

const ROOT_ID = '1'.repeat(32);
const WALL_ID = '2'.repeat(32);
/** Listed in the root's closure, but the database lacks it: the server skips it. */
const GONE_ID = '3'.repeat(32);
/** Stored on the server, named by a reference the closure does not list: only `/single` has it. */
const OUTSIDE_ID = '4'.repeat(32);

const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });

const ROOT = JSON.stringify({
  id: ROOT_ID,
  speckle_type: 'Base',
  name: 'Model',
  wall: ref(WALL_ID),
  gone: ref(GONE_ID),
  outside: ref(OUTSIDE_ID),
  __closure: { [WALL_ID]: 1, [GONE_ID]: 1 },
  totalChildrenCount: null,
});
const WALL = JSON.stringify({
  id: WALL_ID,
  speckle_type: 'Objects.BuiltElements.Wall',
  name: 'Wall',
  host: ref(ROOT_ID),
});
const OUTSIDE = JSON.stringify({ id: OUTSIDE_ID, speckle_type: 'Base', name: 'Linked' });

function serveModel() {
  speckleServer.use(
    http.get(`${SERVER}/objects/:p/:o/single`, ({ params }) =>
      params.o === OUTSIDE_ID
        ? new HttpResponse(OUTSIDE, { headers: { 'Content-Type': 'application/json' } })
        : new HttpResponse('Failed to find object.', { status: 404 }),
    ),
    http.get(`${SERVER}/objects/:p/:o`, () =>
      linesResponse(streamOf(`${ROOT_ID}\t${ROOT}\n${WALL_ID}\t${WALL}\n`)),
    ),
  );
}

async function openModel(query = '') {
  serveModel();
  const app = renderApp({ route: `/objects/${PROJECT_ID}/${ROOT_ID}${query}` });
  // The server skips the closure member it lacks; the finished status says so.
  await screen.findByText(/2 objects.*\(the root lists 3\)/);
  return app;
}

function treeOf(id: string) {
  return screen.findByRole('tree', { name: `Properties of ${id}` });
}

function row(tree: HTMLElement, key: string) {
  return within(tree).getByRole('treeitem', { name: new RegExp(`^${key}:`) });
}

describe('references in a with-children result', () => {
  it('marks a cycle and a missing object in the recomposed view', async () => {
    const { user } = await openModel();
    const tree = await treeOf(ROOT_ID);
    await user.click(screen.getByRole('checkbox', { name: 'Recomposed view' }));

    await user.click(row(tree, 'wall'));
    // Opened in place, it reads as the object it names, as it did closed.
    await waitFor(() =>
      expect(row(tree, 'wall')).toHaveTextContent(/wall: → Wall \(resolved from a reference\)$/),
    );
    await user.click(row(tree, 'host'));
    expect(row(tree, 'host')).toHaveTextContent(`cycle: refers back to an object above ${ROOT_ID}`);
    expect(row(tree, 'host')).not.toHaveAttribute('aria-expanded');

    await user.click(row(tree, 'gone'));
    expect(row(tree, 'gone')).toHaveTextContent(`missing: did not arrive ${GONE_ID}`);
    expect(row(tree, 'gone')).not.toHaveAttribute('aria-expanded');
  });

  it('keeps Expand all when the view is recomposed, and back', async () => {
    const { user } = await openModel();
    const tree = await treeOf(ROOT_ID);
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(row(tree, '__closure')).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Recomposed view' }));
    expect(row(tree, '__closure')).toHaveAttribute('aria-expanded', 'true');
    // References stay closed: opening them all would recompose the whole model.
    expect(row(tree, 'wall')).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('checkbox', { name: 'Recomposed view' }));
    expect(row(tree, '__closure')).toHaveAttribute('aria-expanded', 'true');
  });

  it('copies a value as the recomposed view shows it, and names its download so', async () => {
    const { user } = await openModel();
    const tree = await treeOf(ROOT_ID);
    await user.click(row(tree, 'wall'));
    await user.click(screen.getByRole('button', { name: 'Copy value' }));
    // As received: the reference.
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(ref(WALL_ID));
    expect(screen.getByRole('button', { name: 'Download selected value JSON' })).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Recomposed view' }));
    await user.click(row(tree, 'wall'));
    await user.click(screen.getByRole('button', { name: 'Copy value' }));
    // What the view shows: the wall, its reference back to the root marked as a cycle.
    const wall = { ...(JSON.parse(WALL) as object), host: { __cycle: ROOT_ID } };
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(wall, null, 2));
    expect(screen.getByRole('button', { name: 'Download recomposed value JSON' })).toBeEnabled();

    await user.click(row(tree, 'gone'));
    await user.click(screen.getByRole('button', { name: 'Copy value' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual({ __missing: GONE_ID });
  });

  it('asks the single endpoint for a reference the result does not hold', async () => {
    const { user, router } = await openModel();
    const tree = await treeOf(ROOT_ID);
    tree.focus();
    const active = () => document.getElementById(tree.getAttribute('aria-activedescendant')!);
    await user.keyboard('{Home}');
    while (!/^▸outside:/.test(active()?.textContent ?? '')) await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent(`→ ${OUTSIDE_ID}`);
    await user.keyboard('{Enter}');

    const outside = await treeOf(OUTSIDE_ID);
    expect(within(outside).getByRole('treeitem', { name: /^name:/ })).toHaveTextContent('Linked');
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/${OUTSIDE_ID}/single`);
  });

  it('offers "Get it on its own" for an object the result does not hold', async () => {
    const { user, router } = await openModel(`?object=${OUTSIDE_ID}`);
    expect(screen.getByText(`Object ${OUTSIDE_ID} is not in this result.`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get it on its own' }));

    await treeOf(OUTSIDE_ID);
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/${OUTSIDE_ID}/single`);
  });
});

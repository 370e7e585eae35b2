import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../renderApp';
import { PROJECT_ID, SERVER, speckleServer } from '../speckleDouble';

const WALL_ID = 'a'.repeat(32);
const DOOR_ID = 'b'.repeat(32);

const WALL = {
  id: WALL_ID,
  name: 'Basic Wall',
  family: 'Basic Wall',
  category: 'Walls',
  speckle_type: 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
  '@elements': [{ referencedId: DOOR_ID, speckle_type: 'reference' }],
  parameters: {
    HOST_AREA_COMPUTED: { name: 'Area', value: 12.5, units: 'm²', speckle_type: 'Base' },
    WALL_ATTR_WIDTH_PARAM: { name: 'Width', value: 0.2, units: 'm', speckle_type: 'Base' },
  },
  notes: ['first note', 'second NOTE', 'third'],
  offset: -0,
  __closure: { [DOOR_ID]: 1 },
  totalChildrenCount: 1,
};

// JSON.stringify writes -0 as 0; a server's text can hold -0, and the view must keep the sign.
const WALL_TEXT = JSON.stringify(WALL).replace('"offset":0', '"offset":-0');

const DOOR = {
  id: DOOR_ID,
  name: 'Door',
  speckle_type: 'Objects.BuiltElements.Revit.FamilyInstance',
};

function serveSingle(texts: Record<string, string>) {
  speckleServer.use(
    http.get(`${SERVER}/objects/:p/:o/single`, ({ params }) => {
      const found = texts[String(params.o)];
      return found
        ? new HttpResponse(found, { headers: { 'Content-Type': 'application/json' } })
        : new HttpResponse(null, { status: 404 });
    }),
  );
}

async function openWall() {
  serveSingle({ [WALL_ID]: WALL_TEXT, [DOOR_ID]: JSON.stringify(DOOR) });
  const app = renderApp({ route: `/objects/${PROJECT_ID}/${WALL_ID}/single` });
  const tree = await screen.findByRole('tree', { name: `Properties of ${WALL_ID}` });
  return { ...app, tree };
}

describe('the object view', () => {
  it('names the object as Speckle does, hides `@` in keys and links to Speckle', async () => {
    const { tree } = await openWall();
    const heading = within(screen.getByRole('article')).getByRole('heading', { level: 2 });
    // Speckle's own rule for Revit elements other than family instances: type, then category.
    expect(heading).toHaveTextContent(`RevitWall Walls ${WALL_ID}`);
    const elements = within(tree).getByRole('treeitem', { name: /^elements:/ });
    expect(within(elements).getByTitle('@elements')).toHaveTextContent('elements');
    expect(within(tree).getByRole('treeitem', { name: /^offset:/ })).toHaveTextContent('-0');
    expect(screen.getByRole('link', { name: 'Open in Speckle' })).toHaveAttribute(
      'href',
      `${SERVER}/projects/${PROJECT_ID}/models/${WALL_ID}`,
    );
  });

  it('links to Speckle under the path prefix the server is hosted at, /api left out', async () => {
    const hosted = `${SERVER}/speckle`;
    speckleServer.use(
      http.get(
        `${hosted}/api/objects/:p/:o/single`,
        () => new HttpResponse(WALL_TEXT, { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    renderApp({ server: `${hosted}/api`, route: `/objects/${PROJECT_ID}/${WALL_ID}/single` });

    await screen.findByRole('tree', { name: `Properties of ${WALL_ID}` });
    expect(screen.getByRole('link', { name: 'Open in Speckle' })).toHaveAttribute(
      'href',
      `${hosted}/projects/${PROJECT_ID}/models/${WALL_ID}`,
    );
  });

  it('moves through the tree with the keyboard and follows a reference with Enter', async () => {
    const { user, tree, router } = await openWall();
    tree.focus();
    const active = () => document.getElementById(tree.getAttribute('aria-activedescendant')!);
    expect(active()).toHaveTextContent(/^id:/);
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent(/^name:/);
    await user.keyboard('{End}');
    expect(active()).toHaveTextContent(/^totalChildrenCount:/);
    await user.keyboard('{Home}');
    while (!/^▸elements/.test(active()?.textContent ?? '')) await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowRight}');
    expect(active()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    // The reference names its target; this page holds no set, so it is not loaded yet.
    expect(active()).toHaveTextContent(`0: → ${DOOR_ID}`);
    await user.keyboard('{ArrowLeft}');
    expect(active()).toHaveTextContent(/^▾elements/);
    await user.keyboard('{ArrowLeft}');
    expect(active()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');

    await screen.findByRole('tree', { name: `Properties of ${DOOR_ID}` });
    expect(router.state.location.pathname).toBe(`/objects/${PROJECT_ID}/${DOOR_ID}/single`);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole(
      'listitem',
    );
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual([
      WALL_ID.slice(0, 8),
      DOOR_ID.slice(0, 8),
    ]);
    await user.click(within(crumbs[0]!).getByRole('link'));
    await screen.findByRole('tree', { name: `Properties of ${WALL_ID}` });
  });

  it('finds keys and values, counts them and steps through them', async () => {
    const { user, tree } = await openWall();
    const search = screen.getByRole('searchbox', { name: 'Search in this object' });
    await user.type(search, 'note');
    expect(await screen.findByText('1 of 3 matches')).toBeInTheDocument();
    const active = () => document.getElementById(tree.getAttribute('aria-activedescendant')!);
    // The key `notes` first, then its two elements that say "note" in any case.
    expect(active()).toHaveTextContent(/^▸?▾?notes:/);
    await user.keyboard('{Enter}');
    expect(screen.getByText('2 of 3 matches')).toBeInTheDocument();
    expect(active()).toHaveTextContent('0: "first note"');
    expect(within(active()!).getByText('note', { selector: 'mark' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(active()).toHaveTextContent('1: "second NOTE"');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(active()).toHaveTextContent('0: "first note"');
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByText('1 of 3 matches')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next match' })).toBeDisabled();
  });

  it('copies the value, the path in three syntaxes and the object as received', async () => {
    const { user, tree } = await openWall();
    await user.click(within(tree).getByRole('treeitem', { name: /^notes:/ }));
    await user.click(within(tree).getByRole('treeitem', { name: /^1:/ }));
    tree.focus();
    await user.keyboard('c');
    expect(await navigator.clipboard.readText()).toBe('second NOTE');
    await user.keyboard('p');
    expect(await navigator.clipboard.readText()).toBe('obj.notes[1]');
    const syntax = screen.getByRole('combobox', { name: 'Path syntax' });
    await user.selectOptions(syntax, 'JSONPath');
    await user.click(screen.getByRole('button', { name: 'Copy path' }));
    expect(await navigator.clipboard.readText()).toBe('$.notes[1]');
    await user.selectOptions(syntax, 'jq');
    await user.click(screen.getByRole('button', { name: 'Copy path' }));
    expect(await navigator.clipboard.readText()).toBe('.notes[1]');

    await user.click(within(tree).getByRole('treeitem', { name: /^notes:/ }));
    await user.click(screen.getByRole('button', { name: 'Copy value' }));
    // A container is copied as its received text.
    expect(await navigator.clipboard.readText()).toBe('["first note","second NOTE","third"]');
    await user.click(screen.getByRole('button', { name: 'Copy object JSON' }));
    expect(await navigator.clipboard.readText()).toBe(WALL_TEXT);
  });

  it('copies the whole object as received with O, whichever row is active', async () => {
    const { user, tree } = await openWall();
    await user.click(within(tree).getByRole('treeitem', { name: /^notes:/ }));
    tree.focus();
    await user.keyboard('c');
    expect(await navigator.clipboard.readText()).toBe('["first note","second NOTE","third"]');
    await user.keyboard('o');
    expect(await navigator.clipboard.readText()).toBe(WALL_TEXT);
    expect(screen.getByRole('button', { name: 'Copy object JSON' })).toHaveAttribute(
      'aria-keyshortcuts',
      'O',
    );
  });

  it('hides internal fields on request and lists Revit parameters with units', async () => {
    const { user, tree } = await openWall();
    expect(within(tree).getByRole('treeitem', { name: /^__closure:/ })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Hide internal fields' }));
    expect(within(tree).queryByRole('treeitem', { name: /^__closure:/ })).toBeNull();
    expect(within(tree).queryByRole('treeitem', { name: /^totalChildrenCount:/ })).toBeNull();

    await user.click(screen.getByText('Revit parameters (2)'));
    const table = screen.getByRole('table', { name: 'Revit parameters' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Area12.5m²', 'Width0.2m']);
  });

  it('shows invisible and direction-changing characters in keys and values as marked escapes', async () => {
    // A key that reads "date" backwards on screen, and a value with a zero-width space inside.
    const tricky = { id: WALL_ID, speckle_type: 'Base', '\u202Eetad': 'Wa\u200Bll' };
    serveSingle({ [WALL_ID]: JSON.stringify(tricky) });
    renderApp({ route: `/objects/${PROJECT_ID}/${WALL_ID}/single` });
    const tree = await screen.findByRole('tree', { name: `Properties of ${WALL_ID}` });

    const row = within(tree).getByRole('treeitem', { name: /etad/ });
    expect(row).toHaveTextContent('\\u202Eetad: "Wa\\u200Bll"');
    expect(row.textContent).not.toMatch(/[\u202E\u200B]/);
    const marks = row.querySelectorAll('.invisible-char');
    expect([...marks].map((mark) => mark.getAttribute('title'))).toEqual([
      'U+202E right-to-left override',
      'U+200B zero width space',
    ]);
  });
});

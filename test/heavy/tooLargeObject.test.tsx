import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_BYTES } from '../../src/speckle/textLimit';
import { paddedObjectText } from '../unit/support/paddedObjects';
import { renderApp } from '../components/renderApp';
import { PROJECT_ID, serveWithChildren } from '../components/speckleDouble';

const ROOT_ID = 'a'.repeat(32);
const BIG_ID = 'b'.repeat(32);

/** A model whose one child is an object a million bytes over the text limit. */
function serveModelWithTooLargeChild() {
  const root = JSON.stringify({
    id: ROOT_ID,
    speckle_type: 'Base',
    name: 'holder',
    child: { referencedId: BIG_ID, speckle_type: 'reference' },
    __closure: { [BIG_ID]: 1 },
  });
  const big = paddedObjectText(BIG_ID, MAX_TEXT_BYTES + 1_000_000, 'Objects.Other.Blob');
  const body = new TextEncoder().encode(`${ROOT_ID}\t${root}\n${BIG_ID}\t${big}\n`);
  serveWithChildren(body);
}

describe('an object over the 64 MB text limit in a with-children load', () => {
  it('is listed, and says why it is not shown or searched instead of reading its text', async () => {
    serveModelWithTooLargeChild();
    const { user } = renderApp({ route: `/objects/${PROJECT_ID}/${ROOT_ID}` });
    await screen.findByText(
      '2 objects',
      { exact: false, selector: '[role="status"]' },
      { timeout: 10_000 },
    );

    const list = screen.getByRole('listbox', { name: 'Received objects' });
    await user.click(within(list).getByRole('option', { name: new RegExp(BIG_ID) }));
    const shown = await screen.findByRole('article', { name: `Object ${BIG_ID}` });
    expect(within(shown).getByRole('note')).toHaveTextContent(
      `Object ${BIG_ID} is 65.0 MB of JSON, more than the 64 MB this explorer reads as text, so ` +
        'it is not shown, searched or written as text. Its bytes are kept as received: ' +
        '"Download server lines (id, tab, JSON)" saves them exactly.',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search all objects' }), 'holder');
    expect(
      await screen.findByText(
        /^Searched all 2 objects for "holder": 1 match in 1 object\. Of these, 1 object over 64 MB is left out: its text is not read\.$/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  }, 30_000);
});

/** Switches to the recomposed view, copies the row's value and expects the copy refused. */
async function expectRecomposedCopyRefused(user: UserEvent, tree: HTMLElement, row: RegExp) {
  await user.click(screen.getByRole('checkbox', { name: 'Recomposed view' }));
  await user.click(within(tree).getByRole('treeitem', { name: row }));
  await user.click(screen.getByRole('button', { name: 'Copy value' }));
  expect(
    await screen.findByText(
      'The value is over 64 MB as JSON, too large to copy. "Download recomposed value JSON" ' +
        'saves it.',
    ),
  ).toBeInTheDocument();
}

describe('copying a value', () => {
  it('will not copy a recomposed value that would be over 64 MB as JSON, and says what saves it', async () => {
    // 6.4 MB received. Indented, one number a line ten levels in, 74 MB.
    const levels = 'abcdefghij'.split('');
    const nested = levels.reduceRight(
      (inner, key) => `{"${key}":${inner}}`,
      `[${'0,'.repeat(3_200_000)}0]`,
    );
    const root = `{"id":"${ROOT_ID}","speckle_type":"Base","nested":${nested}}`;
    serveWithChildren(`${ROOT_ID}\t${root}\n`);
    const { user } = renderApp({ route: `/objects/${PROJECT_ID}/${ROOT_ID}` });
    const tree = await screen.findByRole(
      'tree',
      { name: `Properties of ${ROOT_ID}` },
      { timeout: 10_000 },
    );
    await user.click(within(tree).getByRole('treeitem', { name: /^nested:/ }));
    await user.click(screen.getByRole('button', { name: 'Copy value' }));
    // As received, the value is cut from the object's text.
    expect(await navigator.clipboard.readText()).toBe(nested);

    await expectRecomposedCopyRefused(user, tree, /^nested:/);
    expect(await navigator.clipboard.readText()).toBe(nested);
  }, 30_000);

  it('stops recomposing once the objects it reads pass 64 MB, and says what saves the value', async () => {
    // Two children of 33 MB: each can be shown, but not both copied recomposed.
    const [first, second] = ['c'.repeat(32), 'd'.repeat(32)];
    const root = JSON.stringify({
      id: ROOT_ID,
      speckle_type: 'Base',
      parts: [first, second].map((id) => ({ referencedId: id, speckle_type: 'reference' })),
      __closure: { [first]: 1, [second]: 1 },
    });
    const child = (id: string) =>
      `${id}\t${paddedObjectText(id, MAX_TEXT_BYTES / 2 + 1_000_000)}\n`;
    serveWithChildren(`${ROOT_ID}\t${root}\n${child(first)}${child(second)}`);
    const { user } = renderApp({ route: `/objects/${PROJECT_ID}/${ROOT_ID}` });
    await screen.findByText(
      '3 objects',
      { exact: false, selector: '[role="status"]' },
      { timeout: 10_000 },
    );
    const tree = await screen.findByRole('tree', { name: `Properties of ${ROOT_ID}` });

    await expectRecomposedCopyRefused(user, tree, /^parts:/);
  }, 30_000);
});

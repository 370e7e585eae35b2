import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { searchObjects } from '../../../src/speckle/search';
import { expectShownObject, renderApp } from '../renderApp';
import {
  CUBE_LINES,
  CUBE_OBJECTS,
  PROJECT_ID,
  ROOT_ID,
  SERVER,
  serveWithChildren,
  speckleServer,
} from '../speckleDouble';

const route = `/objects/${PROJECT_ID}/${ROOT_ID}`;

async function loaded() {
  const view = renderApp({ route });
  await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
    exact: false,
    selector: '[role="status"]',
  });
  return { ...view, box: screen.getByRole('searchbox', { name: 'Search all objects' }) };
}

describe('Search all objects', () => {
  it('lists matches by name with the object, field, path and highlighted excerpt', async () => {
    const { user, box } = await loaded();
    await user.type(box, 'CUBE.001');
    const [expected] = searchObjects(CUBE_OBJECTS, 'CUBE.001').objects;
    expect(expected).toBeDefined();
    // Read once the whole text is searched: a pause while typing may have searched for a prefix
    // first, whose results name the same object (its id holds a "c").
    expect(
      await screen.findByText(/^Searched all 9 objects for "CUBE.001": 1 object matches/),
    ).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: /Mesh Cube\.001/ });
    expect(screen.getByRole('listbox', { name: 'Search results' })).toContainElement(group);
    expect(group).toHaveTextContent(expected!.id);
    const option = within(group).getAllByRole('option')[0]!;
    expect(option).toHaveTextContent('name obj.name Cube.001');
    expect(option.querySelector('mark')).toHaveTextContent('Cube.001');
    // The list filter is another control and stays as it was.
    expect(screen.getByRole('searchbox', { name: 'Filter objects' })).toHaveValue('');
    expect(
      within(screen.getByRole('listbox', { name: 'Received objects' })).getAllByRole('option'),
    ).toHaveLength(CUBE_OBJECTS.length);
  });

  it('finds property keys and values, with readable paths, and opens a result on click', async () => {
    const { user, box } = await loaded();
    await user.type(box, 'main @');
    const option = await screen.findByRole('option', { name: /property name/ });
    expect(option).toHaveTextContent('obj["Alex Test Steam [ main @ 328bd99997 ]"]');

    await user.clear(box);
    await user.type(box, 'datachunk');
    const chunks = CUBE_OBJECTS.filter(({ raw }) => raw.includes('DataChunk'));
    // The list is new: it went away while the box was empty.
    const results = () => screen.getByRole('listbox', { name: 'Search results' });
    await waitFor(() =>
      expect(within(results()).getAllByRole('group')).toHaveLength(chunks.length),
    );
    const last = chunks.at(-1)!;
    const group = within(results()).getByRole('group', { name: new RegExp(last.id) });
    await user.click(within(group).getByRole('option'));
    await expectShownObject(last.id);
  });

  it('is used from the keyboard: arrows through the results, Enter opens one', async () => {
    const { user, box } = await loaded();
    await user.type(box, 'objects.geometry.mesh{Enter}');
    const meshes = searchObjects(CUBE_OBJECTS, 'objects.geometry.mesh').objects;
    expect(meshes).toHaveLength(2);
    const results = await waitFor(() => {
      const list = screen.getByRole('listbox', { name: 'Search results' });
      expect(within(list).getAllByRole('group')).toHaveLength(2);
      return list;
    });
    await user.keyboard('{ArrowDown}');
    expect(results).toHaveFocus();
    // Past the first mesh's matches to the second mesh's first one.
    await user.keyboard('{ArrowDown}'.repeat(meshes[0]!.matches.length));
    const active = document.getElementById(results.getAttribute('aria-activedescendant')!);
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(active?.closest('[role="group"]')).toHaveAccessibleName(new RegExp(meshes[1]!.id));
    await user.keyboard('{Enter}');
    await expectShownObject(meshes[1]!.id);

    await user.keyboard('{Home}{ArrowUp}');
    expect(box).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    await waitFor(() =>
      expect(screen.queryByRole('listbox', { name: 'Search results' })).not.toBeInTheDocument(),
    );
  });

  it('lists a few matches per object and says how many there are', async () => {
    const { user, box } = await loaded();
    await user.type(box, '-1');
    const [chunk] = searchObjects(CUBE_OBJECTS, '-1').objects.filter(
      ({ total, matches }) => total > matches.length,
    );
    expect(chunk).toBeDefined();
    // A pause while typing may have searched for "-" first, which matches the same object.
    await screen.findByText(/^Searched all 9 objects for "-1"/);
    const group = screen.getByRole('group', { name: new RegExp(chunk!.id) });
    expect(group).toHaveTextContent(`(5 of ${chunk!.total} matches shown)`);
    expect(within(group).getAllByRole('option')).toHaveLength(5);
  });

  it('searches what has arrived while the model loads, then the rest', async () => {
    let sendRest: () => void = () => undefined;
    const [first, ...rest] = CUBE_LINES.split('\n');
    speckleServer.use(
      http.get(`${SERVER}/objects/:p/:o`, () => {
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`${first}\n`));
            sendRest = () => {
              controller.enqueue(new TextEncoder().encode(rest.join('\n')));
              controller.close();
            };
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/plain' } });
      }),
    );
    const { user } = renderApp({ route });
    await screen.findByText(/1 of 9 objects/);
    await user.type(screen.getByRole('searchbox', { name: 'Search all objects' }), 'speckle');
    expect(
      await screen.findByText(
        /^Searched the 1 object received so far for "speckle"; 1 object matches.*still loading/,
      ),
    ).toBeInTheDocument();

    sendRest();
    const everything = searchObjects(CUBE_OBJECTS, 'speckle').objects;
    expect(await screen.findByText(/^Searched all 9 objects/)).toHaveTextContent(
      `${everything.length} objects match`,
    );
    expect(
      within(screen.getByRole('listbox', { name: 'Search results' })).getAllByRole('group'),
    ).toHaveLength(everything.length);
  });

  it('shows invisible and direction-changing characters in a result as marked escapes', async () => {
    const id = 'c'.repeat(32);
    const tricky = { id, speckle_type: 'Base', '\u202Eetad': 'Wa\u200Bll', __closure: {} };
    serveWithChildren(`${id}\t${JSON.stringify(tricky)}\n`);
    const { user } = renderApp({ route: `/objects/${PROJECT_ID}/${id}` });
    await screen.findByText('1 object', { exact: false, selector: '[role="status"]' });
    await user.type(screen.getByRole('searchbox', { name: 'Search all objects' }), 'etad');

    const option = await screen.findByRole('option', { name: /property name/ });
    expect(option).toHaveTextContent('\\u202Eetad');
    expect(option.textContent).not.toContain('\u202E');
    expect(option.querySelector('.invisible-char')).toHaveAttribute(
      'title',
      'U+202E right-to-left override',
    );
  });
});

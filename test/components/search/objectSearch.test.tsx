import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
import { searchAll } from '../../unit/support/searchAll';

const route = `/objects/${PROJECT_ID}/${ROOT_ID}`;

async function loaded(at = route) {
  const view = renderApp({ route: at });
  await screen.findByText(`${CUBE_OBJECTS.length} objects`, {
    exact: false,
    selector: '[role="status"]',
  });
  return { ...view, box: screen.getByRole('searchbox', { name: 'Search all objects' }) };
}

const results = () => screen.getByRole('listbox', { name: 'Search results' });

/** The total the status gives once every object was searched for `query`. */
async function searchedAll(query: string): Promise<string> {
  const status = await screen.findByText(
    new RegExp(`^Searched all 9 objects for "${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
  );
  return status.textContent ?? '';
}

const total = (query: string, options = {}) =>
  searchAll(CUBE_OBJECTS, query, options).reduce((sum, { total: n }) => sum + n, 0);

describe('Search all objects', () => {
  it('lists each match with its object, field, path and marked excerpt, and the total', async () => {
    const { user, box } = await loaded();
    await user.type(box, 'CUBE.001');
    const [expected] = searchAll(CUBE_OBJECTS, 'CUBE.001');
    expect(expected).toBeDefined();
    // Read once the whole text is searched: a pause while typing may have searched for a prefix.
    expect(await searchedAll('CUBE.001')).toBe(
      `Searched all 9 objects for "CUBE.001": ${total('CUBE.001')} matches in 1 object.`,
    );
    const option = await within(results()).findByRole('option', {
      name: /^Mesh Cube\.001 \w+ name/,
    });
    expect(option).toHaveTextContent(
      `Mesh Cube.001 ${expected!.id.slice(0, 8)} name obj.name Cube.001`,
    );
    expect(option.querySelector('mark')).toHaveTextContent('Cube.001');
    // The list filter is another control and stays as it was.
    expect(screen.getByRole('searchbox', { name: 'Filter objects' })).toHaveValue('');
  });

  it('counts every match and reaches the last one, drawing only the rows in view', async () => {
    const { user, box } = await loaded();
    await user.type(box, '0');
    const count = total('0');
    // More matches than a screenful: the list draws some, and says how many there are.
    expect(count).toBeGreaterThan(100);
    expect(await searchedAll('0')).toMatch(
      new RegExp(`: ${count.toLocaleString('en-US')} matches in \\d+ objects\\.$`),
    );
    const drawn = within(results()).getAllByRole('option');
    expect(drawn.length).toBeLessThan(50);
    expect(drawn[0]).toHaveAttribute('aria-setsize', String(count));
    await user.keyboard('{ArrowDown}{End}');
    const active = await waitFor(() => {
      const option = document.getElementById(results().getAttribute('aria-activedescendant')!);
      expect(option).toHaveAttribute('aria-posinset', String(count));
      return option!;
    });
    const last = searchAll(CUBE_OBJECTS, '0').at(-1)!;
    await waitFor(() => expect(active).not.toHaveTextContent(/^Match/));
    await user.keyboard('{Enter}');
    await expectShownObject(last.id);
  });

  it('finds property keys and values, with readable paths, and opens a result on click', async () => {
    const { user, box } = await loaded();
    await user.type(box, '"main @"');
    const option = await screen.findByRole('option', { name: /property name/ });
    expect(option).toHaveTextContent('obj["Alex Test Steam [ main @ 328bd99997 ]"]');

    await user.clear(box);
    await user.type(box, 'speckle_type:datachunk');
    const chunks = CUBE_OBJECTS.filter(({ raw }) => raw.includes('DataChunk'));
    await searchedAll('speckle_type:datachunk');
    await waitFor(() =>
      expect(within(results()).getAllByRole('option')).toHaveLength(chunks.length),
    );
    const last = chunks.at(-1)!;
    const options = within(results()).getAllByRole('option');
    await waitFor(() => expect(options.at(-1)).toHaveTextContent('type obj.speckle_type'));
    await user.click(options.at(-1)!);
    await expectShownObject(last.id);
  });

  it('is used from the keyboard: arrows and Enter in the list, Enter and Shift+Enter in the box', async () => {
    const { user, box } = await loaded();
    await user.type(box, 'objects.geometry.mesh');
    await searchedAll('objects.geometry.mesh');
    const meshes = searchAll(CUBE_OBJECTS, 'objects.geometry.mesh');
    expect(meshes).toHaveLength(2);
    // Enter steps to the first match and opens it, again to the next; Shift+Enter goes back.
    await user.keyboard('{Enter}');
    await expectShownObject(meshes[0]!.id);
    expect(box).toHaveFocus();
    await user.keyboard('{Enter}'.repeat(meshes[0]!.total));
    await expectShownObject(meshes[1]!.id);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await expectShownObject(meshes[0]!.id);

    await user.keyboard('{ArrowDown}');
    expect(results()).toHaveFocus();
    await user.keyboard('{Home}');
    await user.keyboard('{ArrowDown}'.repeat(meshes[0]!.total));
    const active = document.getElementById(results().getAttribute('aria-activedescendant')!);
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(active).toHaveAttribute('aria-posinset', String(meshes[0]!.total + 1));
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

  it('matches case, whole words, regular expressions, and keys or values only', async () => {
    const { user, box } = await loaded();
    await user.type(box, 'cube');
    expect(await searchedAll('cube')).toContain(`${total('cube')} matches`);

    await user.click(screen.getByRole('checkbox', { name: 'Match case' }));
    const cased = total('cube', { matchCase: true });
    expect(cased).toBeLessThan(total('cube'));
    expect(
      await screen.findByText(/^Searched all 9 objects for "cube" \(match case\)/),
    ).toHaveTextContent(cased === 0 ? 'no object matches' : `${cased} matches`);

    await user.click(screen.getByRole('checkbox', { name: 'Match case' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Look in' }),
      'Property names only',
    );
    const keys = total('cube', { scope: 'keys' });
    expect(await screen.findByText(/for "cube" \(property names only\)/)).toHaveTextContent(
      keys === 0 ? 'no object matches' : `${keys} matches`,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Look in' }), 'Names and values');

    await user.click(screen.getByRole('checkbox', { name: 'Regular expression' }));
    await user.clear(box);
    // `[[` types one `[` (user-event reads `[` as the start of a key's name).
    await user.type(box, '^Cube\\.00[[12]$');
    const pattern = '^Cube\\.00[12]$';
    const objects = searchAll(CUBE_OBJECTS, pattern, { regex: true }).length;
    expect(objects).toBeGreaterThan(0);
    expect(await searchedAll(pattern)).toContain(
      `${total(pattern, { regex: true })} matches in ${objects} object`,
    );

    await user.click(screen.getByRole('checkbox', { name: 'Whole word' }));
    await user.clear(box);
    await user.type(box, 'Cub');
    expect(await searchedAll('Cub')).toContain('no object matches');
  });

  it('says where a query or a regular expression cannot be read, and searches nothing', async () => {
    const { user, box } = await loaded();
    await user.type(box, 'height>tall');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The query cannot be read at character 8: a number is expected after ">"',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // The query is shown under the message with that character marked.
    expect(screen.getByRole('alert').querySelector('mark')).toHaveTextContent('t');

    await user.click(screen.getByRole('checkbox', { name: 'Regular expression' }));
    await user.clear(box);
    await user.type(box, 'name:a(*b');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The query cannot be read at character 8: the regular expression is not valid/,
    );
    expect(screen.queryByText(/^Searched/)).not.toBeInTheDocument();
  });

  it('takes the search from the address, and writes it there', async () => {
    const search = new URLSearchParams({ search: 'speckle_type:mesh', case: '1' });
    const { router, user } = await loaded(`${route}?${search}`);
    const box = screen.getByRole('searchbox', { name: 'Search all objects' });
    expect(box).toHaveValue('speckle_type:mesh');
    expect(screen.getByRole('checkbox', { name: 'Match case' })).toBeChecked();
    // Match case: "mesh" is not in "Objects.Geometry.Mesh".
    expect(await searchedAll('speckle_type:mesh')).toContain('no object matches');

    await user.click(screen.getByRole('checkbox', { name: 'Match case' }));
    await user.click(screen.getByRole('checkbox', { name: 'Whole word' }));
    expect(
      await screen.findByText(/^Searched all 9 objects for "speckle_type:mesh" \(whole words\)/),
    ).toHaveTextContent('2 matches in 2 objects');
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      'search=speckle_type%3Amesh&word=1',
    );

    // Another address (Back, or a link followed) brings its own search into the box.
    await router.navigate(`${route}?search=Cube.001&in=values`);
    await waitFor(() => expect(box).toHaveValue('Cube.001'));
    expect(screen.getByRole('combobox', { name: 'Look in' })).toHaveValue('values');
    expect(screen.getByRole('checkbox', { name: 'Whole word' })).not.toBeChecked();
    expect(await searchedAll('Cube.001')).toContain('(values only)');
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
    const firstOnly = total('speckle') && searchAll(CUBE_OBJECTS.slice(0, 1), 'speckle')[0]!.total;
    expect(
      await screen.findByText(
        new RegExp(
          `^Searched the 1 object received so far for "speckle"; ${firstOnly} matches in 1 object.*still loading`,
        ),
      ),
    ).toBeInTheDocument();

    sendRest();
    const everything = searchAll(CUBE_OBJECTS, 'speckle');
    expect(await searchedAll('speckle')).toContain(
      `${total('speckle')} matches in ${everything.length} objects`,
    );
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

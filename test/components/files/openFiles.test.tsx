import { File as NodeFile } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readRealFixture } from '../../unit/support/realFixtures';
import { FakeWritable, pickerChoosing } from '../../unit/support/savePicker';
import { expectShownObject, renderApp } from '../renderApp';
import { CUBE_LINES, CUBE_OBJECTS, requests, ROOT_ID } from '../speckleDouble';

// jsdom's File cannot be read as a stream: Node's can, and the input takes any file-like object.
function file(content: string | Uint8Array, name: string): File {
  return new NodeFile([content], name) as unknown as File;
}

const CUBE_ARRAY = readRealFixture('blender-cube.objects.json');
const FLOOR_ROOT = '551513ff4f3596024547fc818f1f3f70';

async function openFiles(...files: File[]) {
  const view = renderApp();
  await view.user.upload(await screen.findByLabelText('Open file'), files);
  return view;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'showSaveFilePicker');
});

describe('Open file', () => {
  it('opens a with-children export from the sidebar and explores it without any request', async () => {
    const asked = requests.length;
    const { router } = await openFiles(file(CUBE_ARRAY, 'cube.json'));

    expect(router.state.location.pathname).toBe('/files');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`${CUBE_OBJECTS.length} objects`),
    );
    const list = screen.getByRole('listbox', { name: 'Received objects' });
    expect(within(list).getAllByRole('option')).toHaveLength(CUBE_OBJECTS.length);
    await expectShownObject(ROOT_ID);
    const source = screen.getByRole('region', { name: 'Opened files' });
    expect(source).toHaveTextContent(
      new RegExp(String.raw`cube\.json, [\d.]+ kB \(JSON array\): ${CUBE_OBJECTS.length} objects`),
    );
    expect(source).toHaveTextContent(
      `The root shown is ${ROOT_ID}: the first object of a with-children answer.`,
    );
    expect(screen.getByRole('button', { name: 'Download all as JSON array' })).toBeEnabled();
    expect(requests.length).toBe(asked);
  });

  it('opens files dropped on the page, gzip among them, as one set', async () => {
    const { router } = renderApp();
    await screen.findByLabelText('Open file');
    const lines = file(gzipSync(Buffer.from(CUBE_LINES)), 'cube.tsv.gz');
    fireEvent.drop(document.body, { dataTransfer: { files: [lines], types: ['Files'] } });

    await waitFor(() => expect(router.state.location.pathname).toBe('/files'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`${CUBE_OBJECTS.length} objects`),
    );
    // What the file held is shown once it is read: after its objects are listed.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Opened files' })).toHaveTextContent(
        /cube\.tsv\.gz, .* \(gzip, .* unpacked, server line form \(id, tab, JSON\)\)/,
      ),
    );
  });

  it('takes the object no other refers to as root, and lets another be picked', async () => {
    const floor = JSON.parse(readRealFixture('revit-floor.objects.json').toString('utf8')) as {
      id: string;
    }[];
    // Written leaves first, root last, as a JSON lines dump.
    const dump = [...floor].reverse().map((object) => `${JSON.stringify(object)}\n`);
    const child = floor[1]!.id;
    const { user } = await openFiles(file(dump.join(''), 'floor.jsonl'));

    const source = await screen.findByRole('region', { name: 'Opened files' });
    await waitFor(() =>
      expect(source).toHaveTextContent(
        `The root shown is ${FLOOR_ROOT}: the only object no other one refers to.`,
      ),
    );
    await expectShownObject(FLOOR_ROOT);

    await user.click(
      within(screen.getByRole('listbox', { name: 'Received objects' })).getByRole('option', {
        name: new RegExp(child.slice(0, 8)),
      }),
    );
    await expectShownObject(child);
    await user.click(screen.getByRole('button', { name: 'Make the shown object the root' }));
    expect(source).toHaveTextContent(`The root shown is ${child}: the one you picked.`);
    await expectShownObject(child);
  });

  it('puts the chosen root first in every download of the set, and names it in the report', async () => {
    const floor = JSON.parse(readRealFixture('revit-floor.objects.json').toString('utf8')) as {
      id: string;
    }[];
    // Written leaves first, root last: the root found by the references is not the first object.
    const dump = [...floor].reverse().map((object) => JSON.stringify(object));
    const child = floor[1]!.id;
    const { user } = await openFiles(file(dump.map((line) => `${line}\n`).join(''), 'floor.jsonl'));
    const source = await screen.findByRole('region', { name: 'Opened files' });
    await waitFor(() => expect(source).toHaveTextContent(`The root shown is ${FLOOR_ROOT}`));

    const firstOf = async (button: string) => {
      const writable = new FakeWritable();
      pickerChoosing(writable);
      await user.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(writable.closed).toBe(true));
      return writable.contents().toString('utf8');
    };
    const rootText = (id: string) => dump.find((line) => line.startsWith(`{"id":"${id}"`))!;
    const others = (id: string) => dump.filter((line) => line !== rootText(id));
    const expectRootFirst = async (id: string) => {
      expect(await firstOf('Download all as JSON array')).toBe(
        `[${[rootText(id), ...others(id)].join(',')}]`,
      );
      expect(await firstOf('Download server lines (id, tab, JSON)')).toBe(
        [rootText(id), ...others(id)].map((line) => `${JSON.parse(line).id}\t${line}\n`).join(''),
      );
      expect(await firstOf('Download NDJSON (one object per line)')).toBe(
        [rootText(id), ...others(id)].map((line) => `${line}\n`).join(''),
      );
      expect((await firstOf('Download object ids')).split('\n')[0]).toBe(id);
    };
    await expectRootFirst(FLOOR_ROOT);

    await user.click(
      within(screen.getByRole('listbox', { name: 'Received objects' })).getByRole('option', {
        name: new RegExp(child.slice(0, 8)),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Make the shown object the root' }));
    expect(source).toHaveTextContent(`The root shown is ${child}: the one you picked.`);
    await expectRootFirst(child);

    await screen.findByText(/^Closure integrity: /);
    await user.click(within(source).getByRole('button', { name: 'Copy report' }));
    await within(source).findByText('Report copied.');
    const report = await navigator.clipboard.readText();
    expect(report).toContain(`Root: ${child} (the one you picked)`);
    expect(report).toMatch(/File: floor\.jsonl, .* \(JSON lines\): \d+ objects/);
    expect(report).not.toContain(FLOOR_ROOT);
  });

  it('names the file and line of a bad line, keeps the rest, and says a truncated file is incomplete', async () => {
    const good = CUBE_LINES.split('\n').filter(Boolean);
    const broken = [good[0], good[1], '{"not closed', good[2], good[3]!.slice(0, 40)].join('\n');
    await openFiles(file(broken, 'dump.jsonl'));

    // The problem at the end is shown once the file has ended: after the one on its line 3.
    await waitFor(() => {
      const text = screen.getAllByRole('alert').map((alert) => alert.textContent);
      expect(text.join(' ')).toMatch(/dump\.jsonl.*line 3, column 1/);
      expect(text.join(' ')).toMatch(/dump\.jsonl.*line 5, column 1/);
    });
    expect(screen.getByRole('status')).toHaveTextContent(/incomplete/);
  });

  it('refuses an empty file and binary data, naming each', async () => {
    await openFiles(file('', 'empty.json'), file(new Uint8Array([0, 1, 2, 3, 4]), 'blob.bin'));
    const alert = await screen.findByText(/empty\.json is empty\./);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(
      screen.getByText(
        /blob\.bin holds binary data, not JSON text: the byte at line 1, column 1 \(byte 0\)/,
      ),
    ).toBeVisible();
  });

  it('refuses a file too big for a tab before reading it, naming its size and the limit', async () => {
    const huge = file('{"id":"a"}', 'huge.json');
    // The size is all that is read of a file too big: a small file that says it is 10 GiB.
    Object.defineProperty(huge, 'size', { value: 10 * 2 ** 30 });
    await openFiles(huge);

    const [refusal] = await screen.findAllByText(
      'huge.json is 10.7 GB: more than one tab can hold (8.0 GB); it was not read.',
    );
    expect(refusal!.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('status')).not.toHaveTextContent(/1 object/);
  });

  it('reports the objects a file lacks as missing, asking no server for them', async () => {
    const asked = requests.length;
    const kept = CUBE_LINES.split('\n').slice(0, CUBE_OBJECTS.length - 2);
    const { user } = await openFiles(file(`${kept.join('\n')}\n`, 'part.tsv'));

    const summary = await screen.findByText(/^Closure integrity: 2 missing/);
    await user.click(summary);
    const missing = screen.getByRole('list', { name: 'Missing objects' });
    expect(within(missing).getAllByRole('listitem')).toHaveLength(2);
    expect(requests.length).toBe(asked);
  });

  it('says a reference to an object the file lacks points to nothing in the files', async () => {
    const root = 'a'.repeat(32);
    const absent = 'b'.repeat(32);
    const text = JSON.stringify({
      id: root,
      speckle_type: 'Base',
      child: { referencedId: absent, speckle_type: 'reference' },
      __closure: { [absent]: 1 },
    });
    await openFiles(file(text, 'root.json'));

    expect(await screen.findByTitle(`Open ${absent} (not in the opened files)`)).toBeVisible();
  });

  it('offers every object no other refers to as the root', async () => {
    const floor = readRealFixture('revit-floor.objects.json').toString('utf8');
    const cube = CUBE_OBJECTS.map(({ raw }) => `${raw}\n`).join('');
    const { user } = await openFiles(file(cube, 'cube.ndjson'), file(floor, 'floor.json'));

    const picker = await screen.findByRole('combobox', { name: 'Root object' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(expect.arrayContaining([ROOT_ID, FLOOR_ROOT]));
    await user.selectOptions(picker, FLOOR_ROOT);
    expect(screen.getByRole('region', { name: 'Opened files' })).toHaveTextContent(
      `The root shown is ${FLOOR_ROOT}: the one you picked.`,
    );
    await expectShownObject(FLOOR_ROOT);
  });

  it('says the files must be opened again after a reload', async () => {
    renderApp({ route: '/files' });
    expect(await screen.findByText(/No files are open.*open them again/)).toHaveAttribute(
      'role',
      'status',
    );
  });
});

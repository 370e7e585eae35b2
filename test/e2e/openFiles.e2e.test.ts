import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  alertText,
  download,
  integrityFindings,
  integritySummary,
  openApp,
  openFromList,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import chromiumLaunch from '../chromium.json' with { type: 'json' };
import { usePageSession, VIEWPORT } from './support/browser.ts';
import {
  appUrl,
  demoBase,
  fetchRawBody,
  revitFloor,
  splitLines,
  tenThousandObjectModel,
} from './support/demo.ts';
import { openThroughInput, rootLine, type FileSpec } from './support/files.ts';
import { searchBox, searchResults } from './support/search.ts';

/** Records every request the page makes to an object endpoint, from now on. */
function objectRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/objects/')) seen.push(request.url());
  });
  return seen;
}

/** Puts what `url` answers in the file input as a file named `name`, made in the page. */
async function openFetchedThroughInput(page: Page, name: string, url: string) {
  await page.getByLabel('Open file').evaluate(
    async (input: HTMLInputElement, { name, url }) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      const transfer = new DataTransfer();
      transfer.items.add(new File([await response.blob()], name));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { name, url },
  );
}

/** Drops the files on the page, as a file manager does: a DataTransfer made in the page. */
async function dropOnPage(page: Page, ...files: FileSpec[]) {
  const payload = files.map(({ name, bytes }) => ({
    name,
    bytes: [...Buffer.from(bytes)],
  }));
  await page.evaluate((dropped) => {
    const transfer = new DataTransfer();
    for (const { name, bytes } of dropped) {
      transfer.items.add(new File([new Uint8Array(bytes)], name));
    }
    const at = document.querySelector('main') ?? document.body;
    at.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
    at.dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
  }, payload);
}

async function floorBodies() {
  const { project, object } = await revitFloor();
  const lines = await fetchRawBody(project.id, object.id, 'lines');
  const records = splitLines(lines);
  return {
    project,
    object,
    lines,
    records,
    array: await fetchRawBody(project.id, object.id, 'json'),
    ndjson: records.map(({ raw }) => `${raw}\n`).join(''),
    single: await fetchRawBody(project.id, object.id, 'single'),
  };
}

describe('opening files', () => {
  const session = usePageSession();

  it('opens each form through the file input, showing the root and asking no server', async () => {
    const { page } = session;
    const floor = await floorBodies();
    const count = floor.records.length;
    const forms: [FileSpec, number, RegExp][] = [
      [{ name: 'floor.json', bytes: floor.array }, count, /JSON array/],
      [{ name: 'floor.txt', bytes: floor.lines }, count, /server line form/],
      [{ name: 'floor.ndjson', bytes: floor.ndjson }, count, /JSON lines/],
      // The server writes a single object on one line: as much one JSON line as one JSON object.
      [{ name: 'root.json', bytes: floor.single }, 1, /JSON (object|lines)/],
    ];
    await openApp(page);
    const requests = objectRequests(page);
    for (const [file, objects, form] of forms) {
      await openThroughInput(page, file);
      await waitForCompleteCount(page, objects);
      await expect.poll(() => page.url()).toMatch(/\/files$/);
      const source = page.getByRole('region', { name: 'Opened files' });
      await expect.poll(() => source.textContent()).toContain(`${file.name}, `);
      await expect.poll(() => source.textContent()).toMatch(form);
      await expect.poll(() => rootLine(page).textContent()).toContain(floor.object.id);
      await waitForObjectShown(page, floor.object.id);
    }
    expect(requests).toEqual([]);
  });

  it('opens files dropped on the page, and a gzip file, several as one set', async () => {
    const { page } = session;
    const floor = await floorBodies();
    await openApp(page);
    const requests = objectRequests(page);
    await dropOnPage(page, { name: 'floor.ndjson', bytes: floor.ndjson });
    await waitForCompleteCount(page, floor.records.length);
    await waitForObjectShown(page, floor.object.id);

    await openThroughInput(page, { name: 'floor.txt.gz', bytes: gzipSync(floor.lines) });
    await waitForCompleteCount(page, floor.records.length);
    await expect
      .poll(() => page.getByRole('region', { name: 'Opened files' }).textContent())
      .toMatch(/floor\.txt\.gz, .*gzip, .* unpacked, server line form/);

    // The same objects twice: one set, each object listed once and its repeat counted.
    await dropOnPage(
      page,
      { name: 'a.json', bytes: floor.array },
      { name: 'b.json.gz', bytes: gzipSync(floor.array) },
    );
    await expect
      .poll(() => page.getByRole('region', { name: 'Opened files' }).textContent())
      .toContain('b.json.gz');
    await waitForCompleteCount(page, floor.records.length);
    // Shown beside the list (and, once checked, in the closure integrity's findings).
    await page
      .getByText(new RegExp(`^${floor.records.length} objects arrived more than once \\(`))
      .waitFor({ state: 'visible' });
    expect(requests).toEqual([]);
  });

  it('puts the root the user picked first in every download of the set', async () => {
    const { page } = session;
    const floor = await floorBodies();
    const child = floor.records[1]!;
    await openApp(page);
    await openThroughInput(page, { name: 'floor.json', bytes: floor.array });
    await waitForCompleteCount(page, floor.records.length);
    await expect.poll(() => rootLine(page).textContent()).toContain(floor.object.id);
    await openFromList(page, child.id);
    await page.getByRole('button', { name: 'Make the shown object the root' }).click();
    await expect
      .poll(() => rootLine(page).textContent())
      .toContain(`${child.id}: the one you picked`);

    const inOrder = [child, ...floor.records.filter((record) => record !== child)];
    const expected: [string, string][] = [
      ['Download all as JSON array', `[${inOrder.map(({ raw }) => raw).join(',')}]`],
      [
        'Download server lines (id, tab, JSON)',
        inOrder.map(({ id, raw }) => `${id}\t${raw}\n`).join(''),
      ],
      ['Download NDJSON (one object per line)', inOrder.map(({ raw }) => `${raw}\n`).join('')],
      ['Download object ids', inOrder.map(({ id }) => `${id}\n`).join('')],
    ];
    for (const [button, bytes] of expected) {
      const file = await download(page, button);
      expect(file.name).toContain(child.id);
      expect(file.bytes.toString('utf8'), button).toBe(bytes);
    }
  });

  it('opens what curl -i saved of a compressed answer: headers, then a gzip body', async () => {
    const { page } = session;
    const floor = await floorBodies();
    const headers =
      'HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      'Content-Encoding: gzip\r\nVary: Accept-Encoding\r\n\r\n';
    const saved = Buffer.concat([Buffer.from(headers), gzipSync(floor.lines)]);
    await openApp(page);
    const requests = objectRequests(page);
    await openThroughInput(page, { name: 'curl-i.txt', bytes: saved });
    await waitForCompleteCount(page, floor.records.length);
    await expect.poll(() => rootLine(page).textContent()).toContain(floor.object.id);
    await expect
      .poll(() => page.getByRole('region', { name: 'Opened files' }).textContent())
      .toMatch(/curl-i\.txt, .*\(gzip, .* unpacked, server line form/);
    await expect
      .poll(() => alertText(page))
      .toContain(
        'In curl-i.txt, the text at line 1, column 1 (byte 0) is the headers of an HTTP response ' +
          '(“HTTP/1.1 200 OK”), as `curl -i` saves them, before a gzip-compressed body',
      );
    // What was unpacked is the server's body, byte for byte.
    const lines = await download(page, 'Download server lines (id, tab, JSON)');
    expect(lines.bytes.equals(floor.lines)).toBe(true);
    expect(requests).toEqual([]);
  });

  it('opens a generated 10,000-object model', async () => {
    const { page } = session;
    const { project, object } = await tenThousandObjectModel();
    await openApp(page);
    // The demo server's JSON array of its generated model (30 MB) is made a file in the page:
    // handed over from the test, it took half a minute to cross the browser protocol.
    await openFetchedThroughInput(
      page,
      'building.json',
      `${demoBase()}/objects/${project.id}/${object.id}`,
    );
    await waitForCompleteCount(page, 10_000, 60_000);
    await waitForObjectShown(page, object.id);
    await integritySummary(page).click();
    expect(await integrityFindings(page)).toMatch(/complete/i);
    // The texts stay in the file: the check read its references back from there.
    expect(await page.getByText(/References between objects were not read/).count()).toBe(0);

    // The last object's text is far past the root's: read back from the file, found and shown.
    const last = splitLines(await fetchRawBody(project.id, object.id, 'lines')).at(-1)!;
    await searchBox(page).fill(last.id);
    const found = searchResults(page).getByRole('option', { name: `id obj.id ${last.id}` });
    await found.click();
    await waitForObjectShown(page, last.id);
  });

  it('says an opened file changed on disk since cannot be read, naming it', async () => {
    // Given by its path to a browser of this test's own: the run's Chromium would be sent a copy.
    const browser = await chromium.launch(chromiumLaunch);
    const directory = mkdtempSync(join(tmpdir(), 'speckle-e2e-'));
    try {
      const lines = Array.from({ length: 12_000 }, (_, index) =>
        JSON.stringify({
          id: `e2e${String(index).padStart(8, '0')}`,
          speckle_type: 'Objects.Other.Padding',
          note: 'x'.repeat(250),
        }),
      );
      const path = join(directory, 'changing.ndjson');
      writeFileSync(path, `${lines.join('\n')}\n`);
      const page = await browser.newPage({ baseURL: appUrl(), viewport: VIEWPORT });
      await openApp(page);
      await page.getByLabel('Open file').setInputFiles(path);
      await waitForCompleteCount(page, lines.length);

      writeFileSync(path, 'changed since\n');
      const lastId = `e2e${String(lines.length - 1).padStart(8, '0')}`;
      await page.getByRole('searchbox', { name: 'Filter objects' }).fill(lastId);
      await openFromList(page, lastId);
      await expect
        .poll(() => alertText(page))
        .toMatch(
          new RegExp(
            `Object ${lastId} could not be read: changing\\.ndjson can no longer be read \\(.*\\): ` +
              'it was changed, moved or deleted after it was opened\\. Open it again to read it\\.',
          ),
        );
    } finally {
      await browser.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('names the file and the line or byte of every bad input, keeping what came before', async () => {
    const { page } = session;
    const floor = await floorBodies();
    const ndjson = floor.ndjson.split('\n').filter(Boolean);
    // The server's lines, the second one's JSON given another id (only a second read says it).
    const edited = floor.records[1]!;
    const editedLines = floor.records
      .map(({ id, raw }) =>
        id === edited.id ? `${id}\t${raw.replace(id, 'f'.repeat(32))}` : `${id}\t${raw}`,
      )
      .join('\n');
    const brokenLine = '{"id":"x","data":[1,\n';
    const cases: [FileSpec[], RegExp, string][] = [
      [
        [{ name: 'notes.json', bytes: 'hello, world' }],
        /notes\.json is not JSON: it begins with “hello, world” at line 1, column 1 \(byte 0\)/,
        'Nothing received.',
      ],
      [
        [{ name: 'blank-first.json', bytes: '\r\n\n  hello' }],
        /blank-first\.json is not JSON: it begins with “hello” at line 3, column 3 \(byte 5\)/,
        'Nothing received.',
      ],
      [
        [{ name: 'number.json', bytes: '42' }],
        /number\.json holds .* at line 1, column 1 \(byte 0\), not a JSON object or an array of objects/,
        'Nothing received.',
      ],
      [
        [
          {
            name: 'image.png',
            bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
          },
        ],
        /image\.png holds binary data, not JSON text: the byte at line 2, column 1 \(byte 6\)/,
        'Nothing received.',
      ],
      [[{ name: 'empty.json', bytes: '' }], /empty\.json is empty\./, 'Nothing received.'],
      [
        [{ name: 'powershell.json', bytes: Buffer.from(`\uFEFF${floor.ndjson}`, 'utf16le') }],
        /powershell\.json is UTF-16 text \(as Windows PowerShell's `>` saves it\)/,
        'Nothing received.',
      ],
      [
        [
          {
            name: 'middle.ndjson',
            bytes: [...ndjson.slice(0, 2), '{"broken": ', ...ndjson.slice(2)].join('\n') + '\n',
          },
        ],
        /In middle\.ndjson, the text at line 3, column 1 \(byte \d+\)/,
        `${ndjson.length} objects`,
      ],
      [
        [{ name: 'cut.json', bytes: floor.array.subarray(0, floor.array.length - 200) }],
        /cut\.json.*(line|byte) \d+/,
        'incomplete',
      ],
      [
        [{ name: 'plain.json.gz', bytes: floor.array }],
        /plain\.json\.gz is named \.gz but is not gzip-compressed \(byte 0/,
        `${ndjson.length} objects`,
      ],
      [
        [
          {
            name: 'curl-i.txt',
            bytes: `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n${floor.ndjson}`,
          },
        ],
        /In curl-i\.txt, the text at line 1, column 1 \(byte 0\) is the headers of an HTTP response \(“HTTP\/1\.1 200 OK”\)/,
        `${ndjson.length} objects`,
      ],
      [
        [{ name: 'broken.ndjson', bytes: brokenLine.repeat(5000) + floor.ndjson }],
        new RegExp(
          `In broken\\.ndjson, 4,990 more problems from line 11, column 1 \\(byte ${10 * brokenLine.length}\\) ` +
            'on are not listed one by one\\.',
        ),
        `${ndjson.length} objects`,
      ],
      [
        [{ name: 'edited.tsv', bytes: editedLines }],
        new RegExp(
          `In edited\\.tsv, the text at line 2, column 1 \\(byte \\d+\\) is listed as “${edited.id}”, the id ` +
            `before its tab, but the "id" in its JSON is “${'f'.repeat(32)}”`,
        ),
        `${ndjson.length} objects`,
      ],
      [
        [{ name: 'denied.txt', bytes: 'HTTP/2 403\r\ncontent-type: text/plain\r\n\r\nNo access' }],
        /denied\.txt holds an HTTP response saved with its headers .* whose status is “HTTP\/2 403”/,
        'Nothing received.',
      ],
      [
        [
          { name: 'one.ndjson', bytes: floor.ndjson },
          { name: 'two.json', bytes: floor.array },
        ],
        /The files are in different forms — one\.ndjson: JSON lines; two\.json: JSON array\./,
        `${ndjson.length} objects`,
      ],
    ];
    await openApp(page);
    for (const [files, message, status] of cases) {
      await openThroughInput(page, ...files);
      await expect.poll(() => alertText(page), { timeout: 15_000 }).toMatch(message);
      await expect.poll(() => statusText(page)).toContain(status);
    }
  });

  it('refuses a file too big for a tab before reading any of it, naming its size and the limit', async () => {
    // The run's Chromium is reached over a connection that would copy all 10 GiB of a file given by
    // its path; a browser of this test's own, on this machine, is handed the path alone.
    const browser = await chromium.launch(chromiumLaunch);
    const directory = mkdtempSync(join(tmpdir(), 'speckle-e2e-'));
    try {
      // Sparse: 10 GiB that cost the disk nothing, and that the page must not try to read.
      const path = join(directory, 'huge.json');
      const file = openSync(path, 'w');
      ftruncateSync(file, 10 * 2 ** 30);
      closeSync(file);
      const page = await browser.newPage({ baseURL: appUrl(), viewport: VIEWPORT });
      await openApp(page);
      await page.getByLabel('Open file').setInputFiles(path);
      await expect
        .poll(() => alertText(page))
        .toContain('huge.json is 10.7 GB: more than one tab can hold (8.0 GB); it was not read.');
      await expect.poll(() => statusText(page)).toContain('Nothing received.');
    } finally {
      await browser.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

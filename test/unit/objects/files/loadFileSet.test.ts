import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFileSet } from '../../../../src/objects/files/loadFileSet';
import { readRealFixture } from '../../support/realFixtures';

afterEach(() => vi.unstubAllGlobals());

function fixtureFile(name: string, as = name): File {
  return new File([new Uint8Array(readRealFixture(name))], as);
}

function textFile(text: string, name: string): File {
  return new File([text], name);
}

/** Every piece of a body, as text. */
async function readAll(pieces: readonly Uint8Array[] | AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const piece of pieces) text += decoder.decode(piece, { stream: true });
  return text + decoder.decode();
}

async function open(...files: File[]) {
  const { set, read, reread } = loadFileSet(files);
  const filesRead = await read;
  const { root, problems: rereadProblems } = await reread;
  return { set, ...filesRead, root, rereadProblems };
}

const FLOOR_ROOT = '551513ff4f3596024547fc818f1f3f70';
const CUBE_ROOT = '1d060c69832c77c34ccc08e7955c132d';

describe('loadFileSet', () => {
  it('opens each form of the real fixtures into a set, each object as written, with no request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const floor = await open(fixtureFile('revit-floor.objects.json'));
    expect(floor.set.getProgress()).toMatchObject({
      status: 'complete',
      received: 13,
      duplicates: 0,
    });
    expect(floor.files).toEqual([
      expect.objectContaining({
        name: 'revit-floor.objects.json',
        form: 'json-array',
        objects: 13,
      }),
    ]);
    expect(floor.root).toMatchObject({ id: FLOOR_ROOT, rule: 'first-of-answer' });
    const text = readRealFixture('revit-floor.objects.json').toString('utf8');
    expect(text).toContain(floor.set.raw(FLOOR_ROOT));
    expect(JSON.parse(floor.set.raw(FLOOR_ROOT)!)).toEqual(JSON.parse(text)[0]);

    const tsv = await open(fixtureFile('brep-meshes.store.tsv'));
    expect(tsv.set.getProgress()).toMatchObject({ status: 'complete', received: 103 });
    expect(tsv.files[0]).toMatchObject({ form: 'id-lines', gzip: false });

    const single = await open(fixtureFile('revit-model-root.single.json'));
    expect(single.root).toMatchObject({
      id: '7238c0e0bbd1bafbe1a287aa7fc88619',
      rule: 'only-object',
    });
    expect(single.problems).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says, once it is read again, each line of the server form whose JSON has another "id"', async () => {
    const id = (index: number) => String(index).padStart(32, '0');
    // Lines 2 to 13 have the next line's id in their JSON: ten are listed, the other two counted.
    const lines = Array.from({ length: 15 }, (_, index) => {
      const own = index >= 1 && index <= 12 ? id(index + 1) : id(index);
      return `${id(index)}\t{"id":"${own}","n":${index}}\n`;
    });
    const { set, problems, rereadProblems, root } = await open(
      textFile(lines.join(''), 'edited.tsv'),
    );
    expect(problems).toEqual([]);
    expect(set.getProgress()).toMatchObject({ status: 'complete', received: 15, duplicates: 0 });
    expect(set.raw(id(1))).toBe(`{"id":"${id(2)}","n":1}`);
    expect(root).toMatchObject({ id: id(0), rule: 'first-of-answer' });
    const byte = (line: number) => lines.slice(0, line - 1).join('').length;
    expect(rereadProblems).toEqual([
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(
        (line) =>
          `In edited.tsv, the text at line ${line}, column 1 (byte ${byte(line)}) is listed as “${id(line - 1)}”, ` +
          `the id before its tab, but the "id" in its JSON is “${id(line)}”.`,
      ),
      `In edited.tsv, 2 more lines from line 12, column 1 (byte ${byte(12)}) on are listed under an id ` +
        'before the tab that is not the "id" in their JSON.',
    ]);
  });

  it('says the first problems of a file broken on every line, and counts the others', async () => {
    const lines = Array.from({ length: 5000 }, (_, index) => `{"id":"${index}","x":[1,\n`);
    const { set, problems } = await open(
      textFile(`${lines.join('')}{"id":"last"}\n`, 'bad.ndjson'),
    );
    const byte = (line: number) => lines.slice(0, line - 1).join('').length;
    expect(problems).toEqual([
      ...Array.from(
        { length: 10 },
        (_, index) =>
          `In bad.ndjson, the text at line ${index + 1}, column 1 (byte ${byte(index + 1)}) is cut short: ` +
          'its object does not end on its line.',
      ),
      `In bad.ndjson, 4,990 more problems from line 11, column 1 (byte ${byte(11)}) on are not listed one by one.`,
    ]);
    expect(set.getProgress()).toMatchObject({ status: 'complete', received: 1 });
  });

  it('reads a gzip file by its first bytes, whatever its name', async () => {
    const gzipped = gzipSync(readRealFixture('blender-cube.objects.json'));
    const { set, files, root } = await open(new File([new Uint8Array(gzipped)], 'cube.json.gz'));
    expect(files[0]).toMatchObject({ gzip: true, form: 'json-array', size: gzipped.length });
    expect(set.getProgress()).toMatchObject({ status: 'complete', received: 9 });
    expect(root?.id).toBe(CUBE_ROOT);
    const renamed = await open(new File([new Uint8Array(gzipped)], 'cube.json'));
    expect(renamed.set.getProgress().received).toBe(9);
  });

  it.each([
    ['HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n', 'HTTP/1.1 200 OK', 1],
    ['\nHTTP/1.1 100 Continue\n\nHTTP/2 200\ncontent-encoding: gzip\n\n', 'HTTP/2 200', 2],
  ])(
    'opens the gzip body that curl -i saved after the headers %j, saying what was read over',
    async (headers, status, line) => {
      const lines = readRealFixture('brep-meshes.store.tsv');
      const saved = new Uint8Array(Buffer.concat([Buffer.from(headers), gzipSync(lines)]));
      const { set, files, problems, root } = await open(new File([saved], 'curl-i.txt'));
      expect(set.getProgress()).toMatchObject({ status: 'complete', received: 103 });
      expect(files[0]).toMatchObject({ gzip: true, form: 'id-lines', bytes: lines.length });
      expect(root).toMatchObject({ rule: 'first-of-answer' });
      expect(problems).toEqual([
        `In curl-i.txt, the text at line ${line}, column 1 (byte ${line - 1}) is the headers of an ` +
          `HTTP response (“${status}”), as \`curl -i\` saves them, before a gzip-compressed body ` +
          '(the server sent it compressed; `curl -i --compressed` saves it unpacked): the headers ' +
          `were read over and the body from byte ${headers.length} unpacked, so the lines and ` +
          "bytes said of this file are the unpacked body's.",
      ]);
    },
  );

  it('says a .gz file that is not gzip is not, and reads it as it is', async () => {
    const { set, problems } = await open(fixtureFile('blender-cube.objects.json', 'cube.json.gz'));
    expect(problems).toEqual([
      "cube.json.gz is named .gz but is not gzip-compressed (byte 0 is not gzip's); it was read as it is.",
    ]);
    expect(set.getProgress().received).toBe(9);
  });

  it('keeps what a cut gzip file held before the cut, and says where it broke', async () => {
    const lines = Array.from({ length: 400 }, (_, index) => `{"id":"${index}","n":${index}}\n`);
    const gzipped = gzipSync(lines.join(''));
    const { set, problems } = await open(
      new File([new Uint8Array(gzipped.subarray(0, gzipped.length - 20))], 'cut.ndjson.gz'),
    );
    expect(set.getProgress().status).toBe('incomplete');
    expect(set.getProgress().received).toBeGreaterThan(0);
    expect(problems).toEqual([
      expect.stringMatching(
        /^The gzip data of cut\.ndjson\.gz is cut short or damaged after byte \d+ \(.+\); the objects before are kept\.$/,
      ),
      expect.stringMatching(
        /^In cut\.ndjson\.gz, the text at line \d+, column 1 \(byte \d+\) is cut short: the file ends inside it\.$/,
      ),
    ]);
  });

  it('merges several files into one set, counting objects met twice as duplicates', async () => {
    const cube = readRealFixture('blender-cube.objects.json').toString('utf8');
    const asLines = (JSON.parse(cube) as unknown[])
      .map((object) => JSON.stringify(object))
      .join('\n');
    const { set, files, problems, root } = await open(
      fixtureFile('blender-cube.objects.json', 'cube.json'),
      textFile(asLines, 'cube.ndjson'),
      fixtureFile('revit-floor.objects.json', 'floor.json'),
    );
    expect(set.getProgress()).toMatchObject({ status: 'complete', received: 22, duplicates: 9 });
    expect(files.map(({ form }) => form)).toEqual(['json-array', 'json-lines', 'json-array']);
    expect(problems).toEqual([
      'The files are in different forms — cube.json: JSON array; cube.ndjson: JSON lines; floor.json: JSON array. Each was read in its own form and their objects put together.',
    ]);
    // Each object as its first file wrote it.
    expect(set.raw(CUBE_ROOT)).toBe(cube.slice(1, cube.indexOf('}}') + 2));
    expect(root).toMatchObject({ id: CUBE_ROOT, rule: 'first-of-answer' });
    expect(root?.unreferenced).toEqual([CUBE_ROOT, FLOOR_ROOT]);
  });

  describe('bytes', () => {
    /** JSON lines of `count` objects of about 300 bytes: past one read of the file (2 MiB). */
    function linesOf(count: number, prefix: string): { text: string; lines: string[] } {
      const lines = Array.from({ length: count }, (_, index) =>
        JSON.stringify({
          id: `${prefix}${String(index).padStart(8, '0')}`,
          speckle_type: 'Objects.Other.Padding',
          note: 'x'.repeat(250),
        }),
      );
      return { text: `${lines.join('\n')}\n`, lines };
    }
    const idOf = (line: string) => (JSON.parse(line) as { id: string }).id;

    it('leaves plain files’ bytes in them: the root’s come at once, any other text read back', async () => {
      const first = linesOf(9000, 'a');
      const second = linesOf(3000, 'b');
      const { set } = await open(
        textFile(first.text, 'first.ndjson'),
        textFile(second.text, 'second.ndjson'),
      );
      expect(set.getProgress()).toMatchObject({
        status: 'complete',
        received: 12_000,
        stored: 'file',
      });
      expect(set.raw(idOf(first.lines[0]!))).toBe(first.lines[0]);
      for (const line of [first.lines[8999]!, second.lines[0]!, second.lines[2999]!]) {
        expect(set.canRead(idOf(line))).toBe(false);
        await set.wantText(idOf(line));
        expect(set.raw(idOf(line))).toBe(line);
      }
      // The body as read, up to the end of its last line (the newline after it is no line's).
      expect(await readAll(set.bodyPieces())).toBe(`${first.text}${second.text}`.slice(0, -1));
    });

    it('keeps every byte in the page when a file is gzip, as for a server’s body', async () => {
      const plain = linesOf(9000, 'a');
      const packed = linesOf(10, 'b');
      const { set } = await open(
        textFile(plain.text, 'plain.ndjson'),
        new File([gzipSync(packed.text)], 'packed.ndjson.gz'),
      );
      expect(set.getProgress()).toMatchObject({ status: 'complete', stored: 'page' });
      await set.wantBytes();
      expect(set.raw(idOf(plain.lines[8999]!))).toBe(plain.lines[8999]);
      expect(set.raw(idOf(packed.lines[9]!))).toBe(packed.lines[9]);
    });
  });

  it('keeps the lines around a malformed one and before a cut last line, naming file and line', async () => {
    const { set, problems, files } = await open(
      textFile('{"id":"a"}\n{"id":"b", "x": [\n{"id":"c"}\n{"id":"d","x":[1', 'dump.ndjson'),
    );
    expect(set.summaries.length).toBe(2);
    expect([set.raw('a'), set.raw('c')]).toEqual(['{"id":"a"}', '{"id":"c"}']);
    expect(problems).toEqual([
      'In dump.ndjson, the text at line 2, column 1 (byte 11) is cut short: its object does not end on its line.',
      'In dump.ndjson, the text at line 4, column 1 (byte 40) is cut short: the file ends inside it.',
    ]);
    expect(set.getProgress()).toMatchObject({ status: 'incomplete' });
    expect(set.getProgress().error?.message).toBe(problems[1]);
    expect(files[0]).toMatchObject({ complete: false, incompleteBecause: problems[1] });
  });

  it.each([
    ['empty.json', '', 'empty.json is empty.'],
    [
      '42.json',
      '42',
      '42.json holds a number at line 1, column 1 (byte 0), not a JSON object or an array of objects.',
    ],
    [
      'page.html',
      '<html><body>Sign in',
      'page.html is not JSON: it begins with “<html><body>Sign in” at line 1, column 1 (byte 0).',
    ],
    [
      'model.zip',
      'PK\u0003\u0004',
      'model.zip holds binary data, not JSON text: the byte at line 1, column 3 (byte 2) is a control character.',
    ],
  ])('refuses %s with a message naming it', async (name, text, message) => {
    const { set, problems, root } = await open(textFile(text, name));
    expect(problems).toEqual([message]);
    expect(set.getProgress()).toMatchObject({ status: 'failed', received: 0 });
    expect(root).toBeNull();
  });
});

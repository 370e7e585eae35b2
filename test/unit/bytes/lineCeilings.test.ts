import { describe, expect, it } from 'vitest';
import { LineSplitter, type BodyCeilings } from '../../../src/bytes/lines';
import { recordsOf } from '../support/lineRecords';

const encoder = new TextEncoder();
const NONE: BodyCeilings = { objects: Infinity, bytes: Infinity, objectBytes: Infinity };

function line(n: number, padding = 0): string {
  const id = n.toString(16).padStart(32, '0');
  return `${id}\t{"id":"${id}","pad":"${'x'.repeat(padding)}"}\n`;
}

/** Pushes the chunks until the splitter stops; what it kept and where it stopped. */
function read(chunks: string[], ceilings: Partial<BodyCeilings>) {
  const splitter = new LineSplitter();
  splitter.limit({ ...NONE, ...ceilings });
  const ids: string[] = [];
  let pushed = 0;
  let goodEnd = 0;
  for (const chunk of chunks) {
    const block = splitter.push(encoder.encode(chunk));
    pushed += 1;
    if (block) {
      ids.push(...recordsOf(block).map((record) => record.id.slice(-2)));
      goodEnd = block.goodEnd;
    }
    if (splitter.stoppedAt) break;
  }
  return { ids, pushed, goodEnd, stoppedAt: splitter.stoppedAt, ...splitter.finish() };
}

describe('LineSplitter ceilings', () => {
  it('reads a body that stays within every ceiling to its end, complete', () => {
    const body = [line(1), line(2), line(3)];
    const size = body.join('').length;

    expect(read(body, { objects: 3, bytes: size, objectBytes: line(1).length - 1 })).toMatchObject({
      ids: ['01', '02', '03'],
      stoppedAt: null,
      complete: true,
    });
  });

  it('stops at the line past the object ceiling, keeping the lines before it', () => {
    const result = read([line(1) + line(2) + line(3) + line(4)], { objects: 2 });

    expect(result).toMatchObject({ ids: ['01', '02'], stoppedAt: 'objects', complete: false });
    expect(result.goodEnd).toBe(2 * line(1).length);
  });

  it('stops at the byte ceiling within a chunk, keeping the whole lines before it', () => {
    const chunks = [line(1), line(2) + line(3), line(4)];
    const result = read(chunks, { bytes: 2 * line(1).length + 10 });

    expect(result).toMatchObject({
      ids: ['01', '02'],
      stoppedAt: 'bytes',
      complete: false,
      pushed: 2,
    });
  });

  it('stops when a chunk comes after the body filled the byte ceiling exactly', () => {
    const result = read([line(1), line(2)], { bytes: line(1).length });

    expect(result).toMatchObject({ ids: ['01'], stoppedAt: 'bytes', complete: false, pushed: 2 });
  });

  it('stops a line that never ends once its start passes the per-object ceiling', () => {
    // An endless line: the same chunk again and again, never a newline.
    const endless = Array.from({ length: 1_000 }, () => 'x'.repeat(100));
    const result = read([line(1), `${line(2).slice(0, 40)}`, ...endless], { objectBytes: 5_000 });

    expect(result).toMatchObject({ ids: ['01'], stoppedAt: 'objectBytes', complete: false });
    // It stopped at the first chunk that took the line past 5,000 bytes, not at the end.
    expect(result.pushed).toBe(2 + 50);
  });

  it('stops at a whole line over the per-object ceiling that came in one chunk', () => {
    const result = read([line(1) + line(2, 500) + line(3)], { objectBytes: 200 });

    expect(result).toMatchObject({ ids: ['01'], stoppedAt: 'objectBytes', complete: false });
  });

  it('takes a line exactly at the per-object ceiling', () => {
    const exact = line(2, 100).length - 1;
    expect(read([line(1), line(2, 100)], { objectBytes: exact })).toMatchObject({
      ids: ['01', '02'],
      stoppedAt: null,
      complete: true,
    });
    expect(read([line(1), line(2, 100)], { objectBytes: exact - 1 })).toMatchObject({
      ids: ['01'],
      stoppedAt: 'objectBytes',
    });
  });

  it('reads nothing after it stopped', () => {
    const splitter = new LineSplitter();
    splitter.limit({ ...NONE, objects: 1 });
    splitter.push(encoder.encode(line(1) + line(2)));

    expect(splitter.push(encoder.encode(line(3)))).toBeNull();
    expect(splitter.stoppedAt).toBe('objects');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../src/bytes/lines';
import type { ObjectForm } from '../../../src/bytes/objectForm';
import { cutChunks, splitAt } from '../support/fileObjects';

const encoder = new TextEncoder();

const idArb = fc.string({
  unit: fc.constantFrom(...'0123456789abcdef'),
  minLength: 1,
  maxLength: 32,
});

// Nested values may hold their own `id`, and strings may hold brackets, quotes and escapes: none of
// them may be taken for the object's own.
const valueArb = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ id: idArb, speckle_type: fc.constant('reference') }),
  fc.constantFrom('{', '}', '[', ']', '"id"', '\\', '\\"', 'line\nbreak', 'é — 漢字 😀'),
);

/** An object with its id first (as Speckle writes it) or last. */
const objectArb = fc
  .record({
    id: idArb,
    fields: fc.dictionary(fc.string({ maxLength: 8 }), valueArb, { maxKeys: 5 }),
    idFirst: fc.boolean(),
  })
  .map(({ id, fields, idFirst }) => {
    const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'id'));
    return idFirst ? { id, ...rest } : { ...rest, id };
  });

const spaceArb = fc.constantFrom('', ' ', '\n', '\r\n', '\n  ', '\t');

interface Written {
  form: ObjectForm;
  records: LineRecord[];
  text: string;
  /** Where each object's text starts and ends in `text`. */
  spans: { start: number; end: number }[];
}

/** Writes the objects in one form, with each object's text where the form puts it. */
function write(
  form: ObjectForm,
  objects: { id: string }[],
  pretty: boolean[],
  spaces: string[],
): Written {
  const records: LineRecord[] = [];
  const spans: Written['spans'] = [];
  let text = '';
  const add = (before: string, raw: string, after: string) => {
    text += before;
    spans.push({ start: text.length, end: text.length + raw.length });
    text += raw + after;
  };
  const space = (index: number) => spaces[index % Math.max(1, spaces.length)] ?? '';
  objects.forEach((object, index) => {
    const layout = pretty[index % Math.max(1, pretty.length)] ?? false;
    const compact = JSON.stringify(object);
    let raw = compact;
    switch (form) {
      case 'id-lines':
        add(`${object.id}\t`, compact, space(index).includes('\r') ? '\r\n' : '\n');
        break;
      case 'json-lines':
        add('', compact, '\n');
        break;
      case 'json-array':
        raw = layout ? JSON.stringify(object, null, 2) : compact;
        add(index === 0 ? `[${space(index)}` : `,${space(index)}`, raw, '');
        break;
      case 'json-objects':
        raw = JSON.stringify(object, null, index === 0 ? 2 : layout ? 4 : undefined);
        add(index === 0 ? '' : `\n${space(index)}`, raw, '');
    }
    records.push({ id: object.id, raw });
  });
  if (form === 'json-array') text += `${space(objects.length)}]`;
  return { form, records, text, spans };
}

/** What `curl -i` saves before the body: one block of headers, or one a redirect adds too. */
const headersArb = fc.option(
  fc.constantFrom(
    'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n',
    'HTTP/1.1 302 Found\r\nLocation: /objects\r\n\r\nHTTP/2 200\ncontent-type: application/json\n\n',
  ),
  { nil: '' },
);

const writtenArb = fc
  .tuple(
    fc.constantFrom<ObjectForm>('id-lines', 'json-lines', 'json-array', 'json-objects'),
    fc.array(objectArb, { minLength: 1, maxLength: 8 }),
    fc.array(fc.boolean(), { maxLength: 8 }),
    fc.array(spaceArb, { maxLength: 8 }),
    fc.boolean(),
    headersArb,
  )
  .map(([form, objects, pretty, spaces, byteOrderMark, headers]) => {
    const written = write(form, objects, pretty, spaces);
    const text = headers + written.text;
    const spans = written.spans.map(({ start, end }) => ({
      start: start + headers.length,
      end: end + headers.length,
    }));
    const bytes = encoder.encode(`${byteOrderMark ? '\uFEFF' : ''}${text}`);
    return { ...written, text, spans, headers, bytes };
  });

const cutsArb = fc.array(fc.nat(), { maxLength: 16 });

describe('ObjectCutter (properties)', () => {
  it('reads any objects written in any form back identical, however the file is split', () => {
    fc.assert(
      fc.property(writtenArb, cutsArb, ({ form, records, headers, bytes }, cuts) => {
        const read = cutChunks(splitAt(bytes, cuts));
        // One object a line is the same file as one compact object.
        const forms = records.length === 1 ? ['json-lines', 'json-objects', form] : [form];
        expect(forms).toContain(read.form);
        expect(read.records).toEqual(records);
        // Headers read over are reported, at the first line, after a byte order mark; nothing else is.
        const found = read.problems.map(({ line, column, byte, reason }) => [
          line,
          column,
          byte,
          reason.split(' (')[0],
        ]);
        const at = bytes[0] === 0xef ? 3 : 0;
        expect(found).toEqual(headers ? [[1, 1, at, 'is the headers of an HTTP response']] : []);
        expect(read.complete).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the objects before a cut file ends, and says it is cut inside an object', () => {
    fc.assert(
      fc.property(writtenArb, fc.nat(), cutsArb, ({ records, text, spans }, at, cuts) => {
        const length = at % (text.length + 1);
        const read = cutChunks(splitAt(encoder.encode(text.slice(0, length)), cuts));
        const whole = spans.filter(({ end }) => end <= length).length;
        expect(read.records).toEqual(records.slice(0, whole));
        if (spans.some(({ start, end }) => start < length && length < end)) {
          expect(read.complete).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });
});

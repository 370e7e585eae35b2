import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidJsonError } from '../../../../src/bytes/jsonReader';
import { reindentJsonParts } from '../../../../src/features/exports/jsonLayout';
import { MAX_INDENTED_LEVELS } from '../../../../src/features/exports/lineBreaks';
import { PART_CHARS } from '../../../../src/features/exports/parts';
import { AWKWARD_OBJECT, databaseRecords, fixtureText } from '../../support/exportFixtures';

// Heavy work (megabytes of text, hundreds of generated cases) on a machine that may be busy.
const SLOW = 30_000;

function reindent(text: string, indent = 2): string {
  return [...reindentJsonParts(text, indent)].join('');
}

describe('reindentJsonParts', () => {
  it('lays text out as JSON.stringify(value, null, 2) does, empty containers on one line', () => {
    expect(reindent('{"a":[1,{"b":null}],"c":{},"d":[],"e":"x"}')).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": {},\n  "d": [],\n  "e": "x"\n}',
    );
    expect(reindent(' [ ] ')).toBe('[]');
    expect(reindent('"text"')).toBe('"text"');
    expect(reindent(' -0 ')).toBe('-0');
  });

  it('compacts to no whitespace at all with indent 0', () => {
    expect(reindent('{ "a" : [ 1 , 2 ] ,\r\n\t"b" : { } }', 0)).toBe('{"a":[1,2],"b":{}}');
  });

  it('copies -0, 1e308, long numbers, escapes, unicode and dotted or slashed names exactly', () => {
    const pretty = reindent(AWKWARD_OBJECT);

    expect(JSON.parse(pretty)).toEqual(JSON.parse(AWKWARD_OBJECT));
    for (const token of [
      '"a.b": -0,',
      '"c/d": 1e308,',
      '"\\/e": 1.0000000000000001,',
      '"big": 123456789012345678901234567890,',
      '"tiny": -1.5E-7,',
      '"@x.y/z": {',
      '"ü": "é\\u00e9😀\\ud83d\\ude00",',
      '"esc": "line\\nbreak\\t\\"q\\" \\\\ \\/"',
    ]) {
      expect(pretty).toContain(token);
    }
    expect(withoutWhitespace(pretty)).toBe(withoutWhitespace(AWKWARD_OBJECT));
    expect(reindent(pretty, 0)).toBe(
      '{"id":"00000000000000000000000000000001","a.b":-0,"c/d":1e308,"\\/e":1.0000000000000001,' +
        '"big":123456789012345678901234567890,"tiny":-1.5E-7,"@x.y/z":{"ü":"é\\u00e9😀' +
        '\\ud83d\\ude00","esc":"line\\nbreak\\t\\"q\\" \\\\ \\/"},"empty":[],"none":{},' +
        '"nested":[[{}],[[]],[true,false,null]],"speckle_type":"Base"}',
    );
  });

  it(
    'keeps every number of the real database objects as the server wrote it',
    { timeout: SLOW },
    () => {
      for (const { raw } of databaseRecords()) {
        const pretty = reindent(raw);
        const compact = reindent(raw, 0);

        expect(JSON.parse(pretty)).toEqual(JSON.parse(raw));
        expect(JSON.parse(compact)).toEqual(JSON.parse(raw));
        // Only whitespace outside strings changed; what is inside strings is kept on both sides.
        expect(withoutWhitespace(pretty)).toBe(withoutWhitespace(raw));
        expect(withoutWhitespace(compact)).toBe(withoutWhitespace(raw));
        expect(compact.length).toBeLessThan(raw.length);
      }
    },
  );

  it(
    'rebuilds a real pretty-printed response from its compact form, long numbers included',
    { timeout: SLOW },
    () => {
      const text = fixtureText('revit-floor.objects.json');
      // JSON.stringify would write this one as -1.7596590851098882e-13.
      expect(text).toContain('-0.00000000000017596590851098882');

      const compact = reindent(text, 0);

      expect(compact).toContain(',-0.00000000000017596590851098882,');
      expect(JSON.parse(compact)).toEqual(JSON.parse(text));
      expect(reindent(compact, 4)).toBe(text.trimEnd());
    },
  );

  it('drops a leading byte order mark, as in a real /single body saved by .NET', () => {
    const text = fixtureText('revit-model-root.single.json');
    expect(text.charCodeAt(0)).toBe(0xfeff);

    const pretty = reindent(text);

    expect(pretty.startsWith('{\n  "id": "7238c0e0bbd1bafbe1a287aa7fc88619",')).toBe(true);
    expect(JSON.parse(pretty)).toEqual(JSON.parse(text.slice(1)));
  });

  it(
    'equals JSON.stringify for any JSON value, whatever the layout it starts from',
    { timeout: SLOW },
    () => {
      fc.assert(
        fc.property(
          fc.jsonValue({ stringUnit: 'binary' }),
          fc.constantFrom(0, 1, 2, 4),
          (value, indent) => {
            const expected = JSON.stringify(value, null, indent);
            expect(reindent(JSON.stringify(value), indent)).toBe(expected);
            expect(reindent(JSON.stringify(value, null, '\t \n'), indent)).toBe(expected);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('accepts exactly the texts JSON.parse accepts', { timeout: SLOW }, () => {
    const mutated = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom(
          '',
          ',',
          ':',
          '"',
          '{',
          '}',
          '[',
          ']',
          '0',
          '-',
          '\\',
          'e',
          ' ',
          '\n',
          '\u0001',
        ),
        fc.nat(2),
      )
      .map(([text, at, insert, remove]) => {
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + insert + text.slice(cut + remove);
      });
    fc.assert(
      fc.property(mutated, (text) => {
        expect(accepts(() => reindent(text))).toBe(accepts(() => JSON.parse(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['', 'the text ends too early'],
    ['{"a":1', 'the text ends too early'],
    ['{"a" 1}', 'expected ":"'],
    ['{"a":1,}', 'expected a member name'],
    ['[1,]', 'expected a value'],
    ['[01]', 'malformed number'],
    ['["\\x"]', 'invalid escape'],
    ['["a\tb"]', 'control character'],
    ['{} {}', 'after the end of the value'],
    ['[1}', 'expected "," or "]"'],
  ])('refuses %j (%s) with its position', (text, reason) => {
    expect(() => reindent(text)).toThrow(InvalidJsonError);
    expect(() => reindent(text)).toThrow(reason);
  });

  it('hands out a 10 MB string in parts of about a megabyte, unchanged', { timeout: SLOW }, () => {
    const long = 'é😀ab\\"'.repeat(1_500_000);
    const text = `{"id":"x","long":"${long}","n":-0}`;

    const parts = [...reindentJsonParts(text, 2)];

    expect(parts.length).toBeGreaterThan(8);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(2 * PART_CHARS);
    expect(parts.join('')).toBe(`{\n  "id": "x",\n  "long": "${long}",\n  "n": -0\n}`);
    // No part ends between the halves of a surrogate pair.
    for (const part of parts) expect(/[\ud800-\udbff]$/.test(part)).toBe(false);
  });

  it('copes with nesting far deeper than the call stack', { timeout: SLOW }, () => {
    const depth = 200_000;
    const text = `${'['.repeat(depth)}${']'.repeat(depth)}`;

    expect(reindent(text, 0)).toBe(text);
  });
});

function withoutWhitespace(text: string): string {
  return text.replace(/[ \t\r\n]/g, '');
}

function accepts(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch {
    return false;
  }
}

describe('deep nesting', () => {
  const nested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
  const size = (depth: number) => reindent(nested(depth)).length;

  it('grows linearly: twice the depth, about twice the text', () => {
    // Indented in full, 20,000 levels would take 400 million spaces, and twice that depth four times as many.
    expect(size(40_000) / size(20_000)).toBeLessThan(2.05);
    // Still JSON, and the same JSON.
    expect(JSON.stringify(JSON.parse(reindent(nested(1_000))))).toBe(nested(1_000));
  });

  it("keeps JSON.stringify's layout up to MAX_INDENTED_LEVELS, then stops indenting further", () => {
    const shallow = nested(MAX_INDENTED_LEVELS / 2);
    expect(reindent(shallow)).toBe(JSON.stringify(JSON.parse(shallow), null, 2));
    const lines = reindent(nested(MAX_INDENTED_LEVELS * 2)).split('\n');
    const widest = Math.max(...lines.map((line) => line.length - line.trimStart().length));
    expect(widest).toBe(2 * MAX_INDENTED_LEVELS);
  });
});

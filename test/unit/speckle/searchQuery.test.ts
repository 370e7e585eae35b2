import { describe, expect, it } from 'vitest';
import {
  fieldPathText,
  parseFieldPath,
  parseSearchQuery,
  queryErrorText,
  type FieldTerm,
  type SearchQuery,
} from '../../../src/speckle/searchQuery';

/** The parts of a query a reader cares about: its text and its terms, without places. */
function read(source: string): { text: string; fields: Omit<FieldTerm, 'valueAt'>[] } {
  const parsed = parseSearchQuery(source);
  if (!parsed.ok) throw new Error(`${source}: ${parsed.error.message}`);
  return {
    text: parsed.query.text,
    fields: parsed.query.fields.map((term) => {
      const { valueAt, ...rest } = term;
      expect(valueAt).toBeGreaterThan(0);
      return rest;
    }),
  };
}

const term = (
  path: string[],
  test: FieldTerm['test'],
  source: string,
  negated = false,
): Omit<FieldTerm, 'valueAt'> => ({ path, test, negated, source });

describe('parseSearchQuery', () => {
  it.each<[string, ReturnType<typeof read>]>([
    ['', { text: '', fields: [] }],
    ['   ', { text: '', fields: [] }],
    ['wall', { text: 'wall', fields: [] }],
    ['1830 x 2134', { text: '1830 x 2134', fields: [] }],
    ['  Basic   Wall ', { text: 'Basic Wall', fields: [] }],
    ['"two  spaces"', { text: 'two  spaces', fields: [] }],
    ['10:30', { text: '10:30', fields: [] }],
    ['-5', { text: '-5', fields: [] }],
    ['-wall', { text: '-wall', fields: [] }],
    ['(?:a|b)', { text: '(?:a|b)', fields: [] }],
    ['"http://example.com"', { text: 'http://example.com', fields: [] }],
    [
      'speckle_type:Wall',
      {
        text: '',
        fields: [term(['speckle_type'], { kind: 'contains', text: 'Wall' }, 'speckle_type:Wall')],
      },
    ],
    [
      'name:"Level 2"',
      {
        text: '',
        fields: [term(['name'], { kind: 'contains', text: 'Level 2' }, 'name:"Level 2"')],
      },
    ],
    [
      'parameters.FIRE_RATING:*',
      {
        text: '',
        fields: [
          term(['parameters', 'FIRE_RATING'], { kind: 'exists' }, 'parameters.FIRE_RATING:*'),
        ],
      },
    ],
    [
      'parameters."Fire Rating":*',
      {
        text: '',
        fields: [
          term(['parameters', 'Fire Rating'], { kind: 'exists' }, 'parameters."Fire Rating":*'),
        ],
      },
    ],
    [
      'name:*x',
      { text: '', fields: [term(['name'], { kind: 'contains', text: '*x' }, 'name:*x')] },
    ],
    [
      '-parameters.FIRE_RATING:*',
      {
        text: '',
        fields: [
          term(
            ['parameters', 'FIRE_RATING'],
            { kind: 'exists' },
            '-parameters.FIRE_RATING:*',
            true,
          ),
        ],
      },
    ],
    [
      'height>3.5',
      {
        text: '',
        fields: [term(['height'], { kind: 'compare', operator: '>', number: 3.5 }, 'height>3.5')],
      },
    ],
    [
      'height<3',
      {
        text: '',
        fields: [term(['height'], { kind: 'compare', operator: '<', number: 3 }, 'height<3')],
      },
    ],
    [
      'height>=-1e3',
      {
        text: '',
        fields: [
          term(['height'], { kind: 'compare', operator: '>=', number: -1000 }, 'height>=-1e3'),
        ],
      },
    ],
    [
      'height<=.5',
      {
        text: '',
        fields: [term(['height'], { kind: 'compare', operator: '<=', number: 0.5 }, 'height<=.5')],
      },
    ],
    ['units=m', { text: '', fields: [term(['units'], { kind: 'equals', text: 'm' }, 'units=m')] }],
    [
      '@displayValue:*',
      { text: '', fields: [term(['@displayValue'], { kind: 'exists' }, '@displayValue:*')] },
    ],
    [
      'speckle_type:Wall level 2 height>3',
      {
        text: 'level 2',
        fields: [
          term(['speckle_type'], { kind: 'contains', text: 'Wall' }, 'speckle_type:Wall'),
          term(['height'], { kind: 'compare', operator: '>', number: 3 }, 'height>3'),
        ],
      },
    ],
    [
      'name:"say \\"hi\\""',
      {
        text: '',
        fields: [term(['name'], { kind: 'contains', text: 'say "hi"' }, 'name:"say \\"hi\\""')],
      },
    ],
    ['a.:b', { text: 'a.:b', fields: [] }],
  ])('reads %j', (source, expected) => {
    expect(read(source)).toEqual(expected);
  });

  it.each([
    ['name:', 5, 'a value is expected after ":"'],
    ['name: wall', 5, 'a value is expected after ":"'],
    ['height>tall', 7, 'a number is expected after ">" (quote the text to look for it as it is)'],
    ['wall height>=', 13, 'a value is expected after ">="'],
    ['"open', 0, 'this quote is not closed'],
    ['name:"Level 2', 5, 'this quote is not closed'],
    ['x>1 "a b', 4, 'this quote is not closed'],
  ])('says where %j cannot be read', (source, at, message) => {
    expect(parseSearchQuery(source)).toEqual({ ok: false, error: { message, at } });
  });

  it('names the place as a character counted from 1', () => {
    expect(queryErrorText({ message: 'a value is expected after ":"', at: 5 })).toBe(
      'The query cannot be read at character 6: a value is expected after ":".',
    );
  });

  it('knows where each character of the free text came from, and where each value starts', () => {
    const parsed = parseSearchQuery('a:1  "b c" d') as { ok: true; query: SearchQuery };
    expect(parsed.query.text).toBe('b c d');
    expect(parsed.query.textPlaces).toEqual([6, 7, 8, 10, 11]);
    expect(parsed.query.fields[0]?.valueAt).toBe(2);
  });
});

describe('a field path alone (a table column)', () => {
  it('reads names joined by dots, quoted names as they are', () => {
    expect(parseFieldPath('parameters."Fire Rating".value')).toEqual({
      ok: true,
      path: ['parameters', 'Fire Rating', 'value'],
    });
    expect(parseFieldPath('@displayValue.units')).toEqual({
      ok: true,
      path: ['@displayValue', 'units'],
    });
  });

  it('names the place where a path cannot be read', () => {
    expect(parseFieldPath('level name')).toEqual({
      ok: false,
      error: { message: expect.stringMatching(/^a dot is expected/), at: 5 },
    });
    expect(parseFieldPath('level.')).toEqual({
      ok: false,
      error: { message: 'a name is expected', at: 6 },
    });
    expect(parseFieldPath('"open')).toEqual({
      ok: false,
      error: { message: 'this quote is not closed', at: 0 },
    });
  });

  it('writes a path that reads back the same, quoting only the names that need it', () => {
    const paths = [
      ['parameters', 'FIRE_RATING'],
      ['parameters', 'Fire Rating'],
      ['a"b', 'c\\d', ''],
      ['Étage', '2nd-floor', 'x.y'],
    ];
    expect(paths.map(fieldPathText)).toEqual([
      'parameters.FIRE_RATING',
      'parameters."Fire Rating"',
      '"a\\"b"."c\\\\d".""',
      'Étage.2nd-floor."x.y"',
    ]);
    // An empty name, written `""`, is no name to the reader: such a key is not reachable.
    for (const path of paths.filter((names) => !names.includes(''))) {
      expect(parseFieldPath(fieldPathText(path))).toEqual({ ok: true, path });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isGzip, sniffForm } from '../../src/bytes/objectForm';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sniffForm', () => {
  it.each([
    ['[{"id":"a"}]', 'json-array'],
    ['\uFEFF\n  [', 'json-array'],
    ['{"id":"a"}\n', 'json-lines'],
    ['163cb6006e08de9d7041a7e71da9ad44\t{"id":', 'id-lines'],
  ])('tells %j from its first bytes', (text, form) => {
    expect(sniffForm(bytes(text), false)).toEqual({ form });
  });

  it('waits for more bytes while a first line might still be an id line', () => {
    expect(sniffForm(bytes('163cb6006e08'), false)).toBeNull();
    expect(sniffForm(bytes('  '), false)).toBeNull();
    expect(sniffForm(bytes('163cb6006e08'), true)).toEqual({
      refused: { kind: 'not-an-object', value: 'a number' },
    });
    expect(sniffForm(bytes('abc\tdef'), false)).toEqual({
      refused: { kind: 'not-json', preview: 'abc\tdef' },
    });
  });

  it('does not take a word that starts like a literal for one', () => {
    expect(sniffForm(bytes('nullable: yes'), true)).toEqual({
      refused: { kind: 'not-json', preview: 'nullable: yes' },
    });
    expect(sniffForm(bytes('true'), true)).toEqual({
      refused: { kind: 'not-an-object', value: 'true' },
    });
  });
});

describe('isGzip', () => {
  it('knows gzip by its magic bytes, not by a name', () => {
    expect(isGzip(Uint8Array.from([0x1f, 0x8b, 0x08]))).toBe(true);
    expect(isGzip(bytes('{"id"'))).toBe(false);
    expect(isGzip(Uint8Array.from([0x1f]))).toBe(false);
  });
});

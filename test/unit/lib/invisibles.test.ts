import { describe, expect, it } from 'vitest';
import { splitInvisibles } from '../../../src/lib/invisibles';

describe('splitInvisibles', () => {
  it('leaves ordinary text, accents, emoji and right-to-left letters whole', () => {
    for (const text of ['Wall', 'é😀', 'שלום', 'a b\tc', '']) {
      expect(splitInvisibles(text)).toEqual(text ? [{ text }] : []);
    }
  });

  it.each([
    ['\u202E', '\\u202E', 'right-to-left override'],
    ['\u2066', '\\u2066', 'left-to-right isolate'],
    ['\u200B', '\\u200B', 'zero width space'],
    ['\u200D', '\\u200D', 'zero width joiner'],
    ['\uFEFF', '\\uFEFF', 'zero width no-break space (byte order mark)'],
    ['\u00AD', '\\u00AD', 'soft hyphen'],
    ['\u0007', '\\u0007', 'invisible character'],
  ])('marks %j as its escape %s (%s)', (char, escape, name) => {
    expect(splitInvisibles(`a${char}b`)).toEqual([
      { text: 'a' },
      { text: char, invisible: { escape, name } },
      { text: 'b' },
    ]);
  });

  it('gives each of several invisible characters in a row its own piece', () => {
    const pieces = splitInvisibles('\u202Eetad\u200B\u200B');
    expect(pieces.map((piece) => piece.invisible?.escape ?? piece.text)).toEqual([
      '\\u202E',
      'etad',
      '\\u200B',
      '\\u200B',
    ]);
  });
});

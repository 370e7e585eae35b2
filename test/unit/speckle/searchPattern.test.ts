import { describe, expect, it } from 'vitest';
import { compilePattern, type TextPattern } from '../../../src/speckle/searchPattern';
import { DEFAULT_MATCH_OPTIONS, type MatchOptions } from '../../../src/speckle/searchQuery';

function pattern(text: string, options: Partial<MatchOptions> = {}): TextPattern {
  const compiled = compilePattern(text, { ...DEFAULT_MATCH_OPTIONS, ...options });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.pattern;
}

const spans = (found: TextPattern, text: string) =>
  found.ranges(text).map(({ start, end }) => text.slice(start, end));

describe('compilePattern', () => {
  it.each<[string, Partial<MatchOptions>, string, string[]]>([
    ['wall', {}, 'Basic Wall, wall', ['Wall', 'wall']],
    ['wall', { matchCase: true }, 'Basic Wall, wall', ['wall']],
    ['Wall', { matchCase: true }, 'Basic Wall, wall', ['Wall']],
    ['wall', { wholeWord: true }, 'Walls, wall; drywall', ['wall']],
    ['level 2', { wholeWord: true }, 'Level 2, Level 20', ['Level 2']],
    ['säule', { wholeWord: true }, 'Säulen Säule', ['Säule']],
    ['a.b', {}, 'a.b axb', ['a.b']],
    ['a.b', { wholeWord: true }, 'a.b axb', ['a.b']],
    ['a.b', { regex: true }, 'a.b axb', ['a.b', 'axb']],
    ['\\d+ x \\d+', { regex: true }, '1830 x 2134mm', ['1830 x 2134']],
    ['^level', { regex: true }, 'Level 1', ['Level']],
    ['^level', { regex: true, matchCase: true }, 'Level 1', []],
    ['\\d', { regex: true, wholeWord: true }, '1 22 3', ['1', '3']],
    ['x*', { regex: true }, 'axxb', ['xx']],
  ])('finds %j with %j in %j', (text, options, value, expected) => {
    const found = pattern(text, options);
    expect(spans(found, value)).toEqual(expected);
    expect(found.test(value)).toBe(expected.length > 0 || text === 'x*');
  });

  it('tests an object’s JSON text only where that can be trusted', () => {
    expect(pattern('say "hi"').inJson?.('{"note": "SAY \\"HI\\""}')).toBe(true);
    expect(pattern('say "hi"', { matchCase: true }).inJson?.('{"note": "SAY \\"HI\\""}')).toBe(
      false,
    );
    expect(pattern('wall', { wholeWord: true }).inJson?.('{"a": "drywall"}')).toBe(true);
    expect(pattern('wall', { regex: true }).inJson).toBeNull();
    expect(pattern('\ud800').inJson).toBeNull();
  });

  it.each([
    ['(', 0],
    ['a)', 1],
    ['(*a)', 1],
    ['[z-a]', 3],
    ['a{2,1}', 5],
    ['ab+++', 3],
    ['(?<n>a)(?<n>b)', 11],
    ['a[b', 1],
    ['(a(b)', 0],
  ])('says where the regular expression %j is wrong', (text, at) => {
    const compiled = compilePattern(text, { ...DEFAULT_MATCH_OPTIONS, regex: true });
    expect(compiled.ok).toBe(false);
    if (compiled.ok) return;
    expect(compiled.error.at).toBe(at);
    expect(compiled.error.message).toMatch(/^the regular expression is not valid \(.+\)$/);
  });

  it('takes the same text as a plain one without complaint', () => {
    expect(compilePattern('(', DEFAULT_MATCH_OPTIONS).ok).toBe(true);
    expect(spans(pattern('(*a)', { wholeWord: true }), 'x (*a) y')).toEqual(['(*a)']);
  });
});

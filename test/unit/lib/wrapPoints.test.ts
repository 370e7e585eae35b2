import { describe, expect, it } from 'vitest';
import { wrapPieces } from '../../../src/lib/wrapPoints';

describe('where a long string may wrap', () => {
  it('cuts a long type name after its dots and colon', () => {
    expect(
      wrapPieces('Objects.BuiltElements.Floor:Objects.BuiltElements.Revit.RevitFloor'),
    ).toEqual([
      'Objects.',
      'BuiltElements.',
      'Floor:',
      'Objects.',
      'BuiltElements.',
      'Revit.',
      'RevitFloor',
    ]);
  });

  it('cuts a long path after its separators, keeping doubled ones together', () => {
    expect(wrapPieces('C:\\Users\\someone\\Downloads\\objects_R23.rvt')).toEqual([
      'C:\\',
      'Users\\',
      'someone\\',
      'Downloads\\',
      'objects_',
      'R23.',
      'rvt',
    ]);
    expect(wrapPieces('https://app.speckle.systems/projects/abc')).toEqual([
      'https://',
      'app.',
      'speckle.',
      'systems/',
      'projects/',
      'abc',
    ]);
  });

  it('leaves short words and plain sentences whole', () => {
    expect(wrapPieces('Floor.Slab and a plain sentence, with words.')).toEqual([
      'Floor.Slab and a plain sentence, with words.',
    ]);
    expect(wrapPieces('')).toEqual(['']);
  });

  it('gives back the text when joined', () => {
    const text = 'see a.very.long.dotted.name.of.parts here and ./x/y/z/some/long/path/to/a/file';
    expect(wrapPieces(text).join('')).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { readTopLevelType } from '../../src/speckle/topLevelType';
import { readRealFixture } from './realFixtures';

function parsedType(raw: string): string {
  return (JSON.parse(raw) as { speckle_type?: string }).speckle_type ?? '';
}

describe('readTopLevelType', () => {
  it('agrees with JSON.parse on every object of the real database dump', () => {
    const lines = readRealFixture('brep-meshes.store.tsv').toString('utf8').trim().split('\n');
    for (const line of lines) {
      const raw = line.slice(line.indexOf('\t') + 1);
      expect(readTopLevelType(raw)).toBe(parsedType(raw));
    }
  });

  it('agrees with JSON.parse on the real Revit objects, compact and pretty-printed', () => {
    const objects = JSON.parse(
      readRealFixture('revit-floor.objects.json').toString('utf8'),
    ) as object[];
    for (const object of objects) {
      for (const raw of [JSON.stringify(object), JSON.stringify(object, null, 2)]) {
        expect(readTopLevelType(raw)).toBe(parsedType(raw));
      }
    }
  });

  it.each([
    [
      'a nested type after the own one',
      '{"speckle_type":"Own","zzzzzzzzzzzzzz":{"speckle_type":"Nested"}}',
      'Own',
    ],
    [
      'a nested type before the own one',
      '{"a":{"speckle_type":"Nested"},"speckle_type":"Own"}',
      'Own',
    ],
    [
      'the key inside a string value',
      '{"speckle_type":"Own","note":"\\"speckle_type\\": \\"Fake\\""}',
      'Own',
    ],
    ['a string ending in the key name', '{"speckle_type":"Own","x\\"speckle_type":{"a":1}}', 'Own'],
    ['only a nested type', '{"a":{"speckle_type":"Nested"}}', ''],
    ['no type at all', '{"id":"x"}', ''],
    ['an escaped value', '{"speckle_type":"A\\u0042"}', 'AB'],
    ['not JSON', 'speckle_type', ''],
  ])('handles %s', (_case, raw, type) => {
    expect(readTopLevelType(raw)).toBe(type);
  });
});

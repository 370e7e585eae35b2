import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as references from '../../../src/speckle/references';
import {
  brepFixture,
  generatedFixture,
  responseFixture,
  revitModelRoot,
  type FixtureObject,
} from '../support/speckleFixtures';

const { findReferences, isReference, referencedIds } = references;
// The text reader takes the object's text as the UTF-8 bytes it arrived as.
const referencedIdsInText = (raw: string) =>
  references.referencedIdsInText(new TextEncoder().encode(raw));

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const C = 'c'.repeat(32);

function ref(id: string) {
  return { referencedId: id, speckle_type: 'reference' };
}

describe('isReference', () => {
  it.each([
    ['a reference', ref(A), true],
    ['a reference with its own closure', { ...ref(A), __closure: { [B]: 1 } }, true],
    ['an object without referencedId', { id: A, speckle_type: 'Base' }, false],
    ['a null referencedId', { referencedId: null, speckle_type: 'reference' }, false],
    ['an array', [ref(A)], false],
    ['a string', A, false],
    ['null', null, false],
  ])('tells %s', (_case, value, expected) => {
    expect(isReference(value)).toBe(expected);
  });
});

describe('findReferences', () => {
  it('lists every reference with its path in document order, repeats included', () => {
    const value = {
      '@elements': [ref(A), { nested: ref(B) }, ref(A)],
      displayValue: ref(C),
      plain: [1, 'two', null],
    };
    expect(findReferences(value)).toEqual([
      { path: ['@elements', 0], referencedId: A },
      { path: ['@elements', 1, 'nested'], referencedId: B },
      { path: ['@elements', 2], referencedId: A },
      { path: ['displayValue'], referencedId: C },
    ]);
    expect(referencedIds(value)).toEqual([A, B, C]);
  });

  it('finds the single property of the real Blender root, whose name has spaces and brackets', () => {
    const [root] = responseFixture('blender-cube.objects.json');
    expect(findReferences(root?.parsed)).toEqual([
      {
        path: ['Alex Test Steam [ main @ 328bd99997 ]'],
        referencedId: '7b7d7d6668f9d548d23ae5ea6d49446a',
      },
    ]);
  });

  it('finds a reference 10,000 levels down without overflowing the stack', () => {
    let value: unknown = ref(A);
    for (let i = 0; i < 10_000; i += 1) value = i % 2 === 0 ? { child: value } : [value];
    const [found] = findReferences(value);
    expect(found?.referencedId).toBe(A);
    expect(found?.path).toHaveLength(10_000);
  });
});

/** Every real and generated object, in the text forms a server sends and a pretty-printed one. */
function allTextForms(): Array<[string, FixtureObject[]]> {
  const pretty = (objects: FixtureObject[]) =>
    objects.map((object) => ({ ...object, raw: JSON.stringify(object.parsed, null, 2) }));
  const floor = responseFixture('revit-floor.objects.json');
  return [
    ['revit-floor', floor],
    ['revit-floor pretty-printed', pretty(floor)],
    ['blender-cube', responseFixture('blender-cube.objects.json')],
    ['brep-meshes (database text)', brepFixture()],
    ['revit-model-root', [revitModelRoot()]],
    ['a generated 1,000-object building', generatedFixture(1000)],
  ];
}

describe('referencedIdsInText', () => {
  it.each(allTextForms())('agrees with the parsed object on %s', (_name, objects) => {
    let references = 0;
    for (const { raw, parsed } of objects) {
      const expected = referencedIds(parsed);
      references += expected.length;
      expect(referencedIdsInText(raw)).toEqual(expected);
    }
    expect(references).toBeGreaterThan(0);
  });

  it("finds the real Revit root's references, all of them direct children in its closure", () => {
    const root = revitModelRoot();
    const ids = referencedIdsInText(root.raw);
    expect(ids.length).toBeGreaterThan(0);
    const closure = root.parsed.__closure as Record<string, number>;
    for (const id of ids) expect(closure[id]).toBe(1);
  });

  it.each([
    ['compact', `{"a":{"referencedId":"${A}","speckle_type":"reference"}}`, [A]],
    ['spaced', `{"a": {"referencedId": "${A}", "speckle_type": "reference"}}`, [A]],
    ['with newlines', `{"a":{\n  "referencedId" :\n "${A}"}}`, [A]],
    ['the key in a string value', `{"note":"{\\"referencedId\\": \\"${A}\\"}"}`, []],
    ['the key as a value', `{"note":"referencedId","x":"\\"referencedId\\":\\"${B}\\""}`, []],
    ['a null id', `{"a":{"referencedId":null}}`, []],
    ['an escaped id', `{"a":{"referencedId":"x\\"y\\u0041"}}`, ['x"yA']],
    [
      'repeats',
      `[{"referencedId":"${A}"},{"referencedId":"${B}"},{"referencedId":"${A}"}]`,
      [A, B],
    ],
  ])('handles %s', (_case, raw, expected) => {
    expect(referencedIdsInText(raw)).toEqual(expected);
    expect(referencedIdsInText(raw)).toEqual(referencedIds(JSON.parse(raw)));
  });

  it('agrees with the parsed value on random JSON holding references', () => {
    const id = fc.constantFrom(A, B, C, 'x"y', 'back\\slash', '');
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.jsonValue({ maxDepth: 1 }),
        id.map((referencedId) => ({ referencedId, speckle_type: 'reference' })),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(
          fc.oneof(fc.string(), fc.constantFrom('referencedId', '"referencedId"')),
          tie('value'),
          { maxKeys: 4 },
        ),
      ),
    }));
    fc.assert(
      fc.property(value, fc.boolean(), (generated, pretty) => {
        // Round-tripped so that the parsed side sees exactly what the text says. Where a
        // reference holds another one (never in real data) the two orders may differ.
        const raw = JSON.stringify(generated, null, pretty ? 2 : undefined) ?? 'null';
        expect(new Set(referencedIdsInText(raw))).toEqual(new Set(referencedIds(JSON.parse(raw))));
      }),
    );
  });

  it('reads a reference 10,000 levels down in text', () => {
    const raw = `${'{"child":['.repeat(5_000)}{"referencedId":"${A}"}${']}'.repeat(5_000)}`;
    expect(referencedIdsInText(raw)).toEqual([A]);
    expect(referencedIds(JSON.parse(raw))).toEqual([A]);
  });
});

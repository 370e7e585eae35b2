import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffPair, type DiffOp } from '../../../../../src/features/compare/core/diffPair';
import { matchVersions } from '../../../../../src/features/compare/core/matchVersions';
import { detach, ref, side, type StoredObject } from '../../../support/compareModels';

interface ElementSpec {
  applicationId: string | null;
  height: number;
  faces: number[];
}

/** A model: a root collection of elements, each with a mesh of its own (no applicationId). */
function build(elements: readonly ElementSpec[]): StoredObject[] {
  const objects: StoredObject[] = [];
  const children = elements.map((element, index) => {
    const mesh = detach({
      speckle_type: 'Objects.Geometry.Mesh',
      owner: index,
      faces: element.faces,
    });
    const fields: Record<string, unknown> = { speckle_type: 'Wall', height: element.height };
    if (element.applicationId !== null) fields.applicationId = element.applicationId;
    fields.displayValue = [ref(mesh)];
    const wall = detach(fields);
    objects.push(mesh, wall);
    return wall;
  });
  objects.push(detach({ speckle_type: 'Collection', elements: children.map(ref) }));
  return objects;
}

const element = fc.record({
  applicationId: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { nil: null }),
  height: fc.integer({ min: 0, max: 3 }),
  faces: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
});
const versions = fc.tuple(fc.array(element, { maxLength: 8 }), fc.array(element, { maxLength: 8 }));

function mirrored(ops: readonly DiffOp[]): unknown[] {
  return ops.map((op) =>
    op.op === 'add'
      ? { path: op.path, op: 'remove', from: op.to }
      : op.op === 'remove'
        ? { path: op.path, op: 'add', to: op.from }
        : { path: op.path, op: 'change', from: op.to, to: op.from },
  );
}

describe('comparing versions, over generated models', () => {
  it('finds a version identical to itself', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), (elements) => {
        const objects = build(elements);
        const matching = matchVersions(side(objects), side(objects));
        expect(matching.pairs).toEqual([]);
        expect(matching.added).toEqual([]);
        expect(matching.removed).toEqual([]);
      }),
    );
  });

  it('gives the mirror image when the versions are swapped', () => {
    fc.assert(
      fc.property(versions, ([a, b]) => {
        const from = build(a);
        const to = build(b);
        const forward = matchVersions(side(from), side(to));
        const backward = matchVersions(side(to), side(from));
        expect(backward.unchanged).toBe(forward.unchanged);
        expect(new Set(backward.added)).toEqual(new Set(forward.removed));
        expect(new Set(backward.removed)).toEqual(new Set(forward.added));
        const swapped = backward.pairs.map((pair) => `${pair.to}>${pair.from}`).sort();
        expect(swapped).toEqual(forward.pairs.map((pair) => `${pair.from}>${pair.to}`).sort());

        const text = (objects: StoredObject[], id: string) =>
          objects.find((o) => o.id === id)!.text;
        const matched = new Map(forward.pairs.map((pair) => [pair.from, pair.to]));
        const reverse = new Map(forward.pairs.map((pair) => [pair.to, pair.from]));
        const raw = (objects: StoredObject[]) => (id: string) =>
          objects.find((o) => o.id === id)?.text;
        for (const pair of forward.pairs) {
          const there = diffPair(text(from, pair.from), text(to, pair.to), {
            matchedTo: (id) => matched.get(id),
            chunkFrom: raw(from),
            chunkTo: raw(to),
          });
          const back = diffPair(text(to, pair.to), text(from, pair.from), {
            matchedTo: (id) => reverse.get(id),
            chunkFrom: raw(to),
            chunkTo: raw(from),
          });
          expect(back.kind).toBe(there.kind);
          expect(back.ops).toEqual(mirrored(there.ops));
        }
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { diffPair, type DiffContext } from '../../../../../src/features/compare/core/diffPair';
import { compareVersions } from '../../../../../src/features/compare/core/compareVersions';
import {
  matchVersions,
  type Matching,
} from '../../../../../src/features/compare/core/matchVersions';
import { detach, ref, side, type StoredObject } from '../../../support/compareModels';

function contextOf(matching: Matching, from: StoredObject[], to: StoredObject[]): DiffContext {
  const matched = new Map(matching.pairs.map((pair) => [pair.from, pair.to]));
  const texts = (objects: StoredObject[]) => new Map(objects.map((o) => [o.id, o.text]));
  const fromTexts = texts(from);
  const toTexts = texts(to);
  return {
    matchedTo: (id) => matched.get(id),
    chunkFrom: (id) => fromTexts.get(id),
    chunkTo: (id) => toTexts.get(id),
  };
}

function diffOf(from: StoredObject[], to: StoredObject[], fromId: string, toId: string) {
  const matching = matchVersions(side(from), side(to));
  const text = (objects: StoredObject[], id: string) =>
    (objects.find((object) => object.id === id) as StoredObject).text;
  return diffPair(text(from, fromId), text(to, toId), contextOf(matching, from, to));
}

function wall(applicationId: string, height: number | string) {
  return detach({ speckle_type: 'Objects.BuiltElements.Wall', applicationId, height });
}

function collection(elements: StoredObject[], extra: Record<string, unknown> = {}) {
  return detach({
    speckle_type: 'Speckle.Core.Models.Collection',
    elements: elements.map(ref),
    ...extra,
  });
}

describe('matching two versions', () => {
  it('finds an object compared with itself identical, reading none of it', () => {
    const walls = [wall('a', 3), wall('b', 4)];
    const objects = [...walls, collection(walls)];
    const reads: string[] = [];
    const version = side(objects);
    const counting = { ...version, raw: (id: string) => (reads.push(id), version.raw(id)) };
    const matching = matchVersions(counting, counting);
    expect(matching).toMatchObject({ unchanged: 3, pairs: [], added: [], removed: [] });
    expect(reads).toEqual([]);
  });

  it('matches by applicationId whatever the order, and keeps the unchanged apart', () => {
    const [a, b, c] = [wall('a', 3), wall('b', 4), wall('c', 5)];
    const changedB = wall('b', 4.5);
    const from = [a, b, c, collection([a, b, c])];
    const to = [c, changedB, a, collection([c, changedB, a])];
    const matching = matchVersions(side(from), side(to));
    expect(matching.unchanged).toBe(2);
    expect(matching.pairs).toEqual([
      expect.objectContaining({
        from: b.id,
        to: changedB.id,
        via: 'applicationId',
        applicationId: 'b',
      }),
      expect.objectContaining({ from: from[3]!.id, to: to[3]!.id, via: 'root' }),
    ]);
    expect(matching.added).toEqual([]);
    expect(matching.removed).toEqual([]);
  });

  it('matches parts without applicationId through their matched parents, and lists what is left', () => {
    const meshA = detach({ speckle_type: 'Objects.Geometry.Mesh', faces: [3, 0, 1, 2] });
    const meshB = detach({ speckle_type: 'Objects.Geometry.Mesh', faces: [3, 0, 1, 3] });
    const element = (mesh: StoredObject, extra: StoredObject[]) =>
      detach({ applicationId: 'el', displayValue: [ref(mesh), ...extra.map(ref)] });
    const extraMesh = detach({ speckle_type: 'Objects.Geometry.Mesh', faces: [9] });
    const from = [meshA, element(meshA, [])];
    const to = [meshB, extraMesh, element(meshB, [extraMesh])];
    const fromRoot = collection([from[1]!]);
    const toRoot = collection([to[2]!]);
    const matching = matchVersions(side([...from, fromRoot]), side([...to, toRoot]));
    expect(matching.pairs.map((pair) => [pair.from, pair.to, pair.via])).toEqual([
      [from[1]!.id, to[2]!.id, 'applicationId'],
      [fromRoot.id, toRoot.id, 'root'],
      [meshA.id, meshB.id, 'parent'],
    ]);
    expect(matching.added).toEqual([extraMesh.id]);
  });

  it('pairs repeated applicationIds in document order and says which were repeated', () => {
    const from = [wall('dup', 1), wall('dup', 2), wall('solo', 1)];
    const to = [wall('dup', 10), wall('dup', 20), wall('solo', 2)];
    const matching = matchVersions(
      side([...from, collection(from)]),
      side([...to, collection(to)]),
    );
    expect(matching.pairs.slice(0, 3).map((pair) => [pair.from, pair.to])).toEqual([
      [from[0]!.id, to[0]!.id],
      [from[1]!.id, to[1]!.id],
      [from[2]!.id, to[2]!.id],
    ]);
    expect(matching.duplicateApplicationIds).toEqual(['dup']);
  });

  it('gives unrelated roots a correct added and removed list, matching only the roots', () => {
    const from = [wall('a', 1), wall('b', 2)];
    const to = [wall('x', 1), wall('y', 2)];
    const fromRoot = collection(from);
    const toRoot = collection(to);
    const matching = matchVersions(side([...from, fromRoot]), side([...to, toRoot]));
    expect(matching.pairs.map((pair) => pair.via)).toEqual(['root']);
    expect(matching.removed).toEqual(from.map((object) => object.id));
    expect(matching.added).toEqual(to.map((object) => object.id));
  });

  it('keeps objects that are not valid JSON apart, without matching them', () => {
    const good = wall('a', 1);
    const broken = { id: 'f'.repeat(32), text: '{"id":"ffff", "height": 1.' };
    const matching = matchVersions(
      side([good, broken, collection([good])]),
      side([collection([])]),
    );
    expect(matching.unreadable.from).toEqual([broken.id]);
    expect(matching.removed).not.toContain(broken.id);
  });
});

describe('the difference between two matched objects', () => {
  it('reports a changed leaf deep under ten ancestors as changed, its ancestors as changed only below', () => {
    const build = (value: number) => {
      const objects = [detach({ speckle_type: 'Leaf', value })];
      for (let level = 0; level < 10; level += 1) {
        objects.push(detach({ speckle_type: 'Level', level, child: ref(objects.at(-1)!) }));
      }
      return objects;
    };
    const from = build(1);
    const to = build(2);
    const matching = matchVersions(side(from), side(to));
    expect(matching.pairs).toHaveLength(11);
    const context = contextOf(matching, from, to);
    const kinds = matching.pairs.map((pair) => {
      const text = (objects: StoredObject[], id: string) => objects.find((o) => o.id === id)!.text;
      return diffPair(text(from, pair.from), text(to, pair.to), context).kind;
    });
    expect(kinds.filter((kind) => kind === 'changed')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'changedBelow')).toHaveLength(10);
    const leaf = diffPair(from[0]!.text, to[0]!.text, context);
    expect(leaf.ops).toEqual([
      {
        path: ['value'],
        op: 'change',
        from: { kind: 'leaf', text: '1' },
        to: { kind: 'leaf', text: '2' },
      },
    ]);
  });

  it('compares numbers as their JSON text, never rounded', () => {
    const from = { id: 'a'.repeat(32), text: '{"x": 1.0, "y": 0.10000000000000000555, "z": -0}' };
    const to = { id: 'b'.repeat(32), text: '{"x": 1, "y": 0.1, "z": -0}' };
    const diff = diffOf([from], [to], from.id, to.id);
    expect(diff.ops.map((op) => op.path)).toEqual([['x'], ['y']]);
  });

  it('reads a renamed key as one removed and one added', () => {
    const from = detach({ speckle_type: 'Base', oldName: 5 });
    const to = detach({ speckle_type: 'Base', newName: 5 });
    expect(diffOf([from], [to], from.id, to.id).ops).toEqual([
      { path: ['oldName'], op: 'remove', from: { kind: 'leaf', text: '5' } },
      { path: ['newName'], op: 'add', to: { kind: 'leaf', text: '5' } },
    ]);
  });

  it('compares a reordered array element by element', () => {
    const from = detach({ speckle_type: 'Base', tags: ['a', 'b', 'c'] });
    const to = detach({ speckle_type: 'Base', tags: ['c', 'a', 'b', 'd'] });
    const ops = diffOf([from], [to], from.id, to.id).ops;
    expect(ops.map((op) => [op.path, op.op])).toEqual([
      [['tags', 0], 'change'],
      [['tags', 1], 'change'],
      [['tags', 2], 'change'],
      [['tags', 3], 'add'],
    ]);
  });

  it('joins changed DataChunks and sums up which numbers differ', () => {
    const chunk = (data: number[]) =>
      detach({ speckle_type: 'Speckle.Core.Models.DataChunk', data });
    const numbers = Array.from({ length: 1000 }, (_, i) => i / 4);
    const changed = numbers.map((n, i) => (i === 512 || i === 900 ? n + 1 : n));
    const fromChunks = [chunk(numbers.slice(0, 500)), chunk(numbers.slice(500))];
    const toChunks = [chunk(changed.slice(0, 500)), chunk(changed.slice(500))];
    const mesh = (chunks: StoredObject[]) =>
      detach({ speckle_type: 'Objects.Geometry.Mesh', vertices: chunks.map(ref) });
    const from = [...fromChunks, mesh(fromChunks)];
    const to = [...toChunks, mesh(toChunks)];
    const diff = diffOf(from, to, from[2]!.id, to[2]!.id);
    expect(diff.kind).toBe('changed');
    expect(diff.ops).toEqual([]);
    expect(diff.chunks).toEqual([
      { path: ['vertices'], fromLength: 1000, toLength: 1000, differing: 2, firstAt: 512 },
    ]);
  });
});

describe('a comparison of two versions', () => {
  it('counts each kind of change, by type, and folds joined chunks into their mesh', () => {
    const chunk = (data: number[]) =>
      detach({ speckle_type: 'Speckle.Core.Models.DataChunk', data });
    const mesh = (data: number[]) =>
      detach({ speckle_type: 'Objects.Geometry.Mesh', vertices: [ref(chunk(data))] });
    const element = (applicationId: string, height: number, data: number[]) => {
      const own = mesh(data);
      return [
        chunk(data),
        own,
        detach({ speckle_type: 'Wall', applicationId, height, displayValue: [ref(own)] }),
      ];
    };
    const kept = element('kept', 1, [1, 2, 3]);
    const from = [...kept, ...element('moved', 1, [4, 5, 6]), ...element('gone', 1, [7])];
    const to = [...kept, ...element('moved', 1, [4, 5, 6.5]), ...element('new', 1, [8])];
    const root = (objects: StoredObject[]) =>
      collection(objects.filter((o) => o.text.includes('"Wall"')));
    const comparison = compareVersions(side([...from, root(from)]), side([...to, root(to)]));

    // The root changed for real: one of its elements was replaced by another.
    expect(comparison.counts).toEqual({
      added: 3,
      removed: 3,
      changed: 2,
      changedBelow: 1,
      unchanged: 3,
    });
    const meshPair = comparison.pairs.find((pair) => pair.speckleType === 'Objects.Geometry.Mesh');
    expect(meshPair?.diff.chunks).toEqual([
      { path: ['vertices'], fromLength: 3, toLength: 3, differing: 1, firstAt: 2 },
    ]);
    const walls = comparison.byType.find((row) => row.speckleType === 'Wall');
    expect(walls?.kinds.added.count).toBe(1);
    expect(walls?.kinds.removed.count).toBe(1);
    expect(walls?.kinds.changedBelow.count).toBe(1);
    expect(walls?.kinds.added.bytes).toBe(Buffer.byteLength(to[8]!.text));
  });
});

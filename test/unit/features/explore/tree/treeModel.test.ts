import { describe, expect, it } from 'vitest';
import {
  flattenTree,
  isExpandable,
  parentIndex,
  TreeNodes,
  type EntryRow,
  type TreeOptions,
  type TreeRow,
} from '../../../../../src/features/explore/tree/treeModel';
import { revealPath } from '../../../../../src/features/explore/tree/treeReveal';
import { DeferredJson } from '../../../../../src/bytes/lazyObject';
import { DEFAULT_MAX_DEPTH } from '../../../../../src/speckle/recompose';
import { pathOf } from '../../../../../src/speckle/paths';
import { lookupOf, responseFixture } from '../../../support/speckleFixtures';

const PLAIN: TreeOptions = {
  hideInternal: false,
  lookup: null,
  expandMode: 'none',
  toggled: new Set(),
};

function ref(id: string) {
  return { referencedId: id, speckle_type: 'reference' };
}

/** A readable line per row: indentation, label and (for leaves) the value. */
function describeRows(rows: readonly TreeRow[]): string[] {
  return rows.map((row) => {
    const indent = '  '.repeat(row.depth);
    if (row.kind === 'range')
      return `${indent}[${row.ofKeys ? 'keys ' : ''}${row.from}…${row.to - 1}]`;
    const shown = row.size === null ? ` ${JSON.stringify(row.value)}` : ` (${row.size})`;
    return `${indent}${row.label}${shown}${row.expanded ? ' open' : ''}`;
  });
}

function entry(rows: readonly TreeRow[], label: string | number): EntryRow {
  const found = rows.find((row) => row.kind === 'entry' && row.label === label);
  if (!found || found.kind !== 'entry') throw new Error(`no row ${label}`);
  return found;
}

/** Flattens again with `node` toggled, as a click does. */
function toggle(
  value: unknown,
  nodes: TreeNodes,
  options: TreeOptions,
  node: number,
): { rows: TreeRow[]; options: TreeOptions } {
  const toggled = new Set(options.toggled);
  if (!toggled.delete(node)) toggled.add(node);
  const next = { ...options, toggled };
  return { rows: flattenTree(value, 'root', nodes, next), options: next };
}

describe('flattenTree', () => {
  it('shows top-level entries collapsed, then the children of what is opened', () => {
    const value = { name: 'Wall', size: { x: 1, y: 2 }, tags: ['a', 'b'], empty: {} };
    const nodes = new TreeNodes();
    const rows = flattenTree(value, 'root', nodes, PLAIN);
    expect(describeRows(rows)).toEqual(['name "Wall"', 'size (2)', 'tags (2)', 'empty (0)']);
    expect(isExpandable(entry(rows, 'empty'))).toBe(false);

    const opened = toggle(value, nodes, PLAIN, entry(rows, 'size').node);
    expect(describeRows(opened.rows)).toEqual([
      'name "Wall"',
      'size (2) open',
      '  x 1',
      '  y 2',
      'tags (2)',
      'empty (0)',
    ]);
    expect(pathOf(entry(opened.rows, 'y').link)).toEqual(['size', 'y']);
  });

  it('keeps node numbers stable, so a node stays open when its siblings change', () => {
    const value = { a: { b: 1 }, c: { d: 2 } };
    const nodes = new TreeNodes();
    const first = flattenTree(value, 'root', nodes, PLAIN);
    const again = flattenTree(value, 'root', nodes, PLAIN);
    expect(again.map((row) => row.node)).toEqual(first.map((row) => row.node));
    expect(new Set(first.map((row) => row.node)).size).toBe(first.length);
  });

  it('shows a big array in ranges of 100, grouped again past 100 ranges', () => {
    const data = Array.from({ length: 62_500 }, (_, i) => i);
    const nodes = new TreeNodes();
    let options: TreeOptions = PLAIN;
    let rows = flattenTree({ data }, 'root', nodes, options);
    ({ rows, options } = toggle({ data }, nodes, options, entry(rows, 'data').node));
    // 62,500 / 100 = 625 ranges: too many, so ranges of 10,000 first.
    expect(describeRows(rows)).toEqual([
      'data (62500) open',
      ...Array.from(
        { length: 7 },
        (_, i) => `  [${i * 10_000}…${Math.min(i * 10_000 + 9_999, 62_499)}]`,
      ),
    ]);
    const last = rows.at(-1)!;
    ({ rows, options } = toggle({ data }, nodes, options, last.node));
    expect(describeRows(rows).slice(8)).toEqual(
      Array.from({ length: 25 }, (_, i) => `    [${60_000 + i * 100}…${60_000 + i * 100 + 99}]`),
    );
    ({ rows } = toggle({ data }, nodes, options, rows.at(-1)!.node));
    expect(rows).toHaveLength(1 + 7 + 25 + 100);
    expect(describeRows(rows).at(-1)).toBe('      62499 62499');
  });

  it('shows an object with 100,000 keys in key ranges without listing them', () => {
    const closure = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`id${i}`, 1]));
    const nodes = new TreeNodes();
    const rows = flattenTree({ __closure: closure }, 'root', nodes, PLAIN);
    const opened = toggle({ __closure: closure }, nodes, PLAIN, rows[0]!.node).rows;
    expect(opened).toHaveLength(1 + 10);
    expect(describeRows(opened)[1]).toBe('  [keys 0…9999]');
  });

  it('opens everything but ranges on "expand all", and hides internal fields on request', () => {
    const value = {
      id: 'x',
      big: Array.from({ length: 150 }, () => 0),
      nested: { deeper: { leaf: true } },
      __closure: { a: 1 },
      totalChildrenCount: 3,
    };
    const rows = flattenTree(value, 'root', new TreeNodes(), { ...PLAIN, expandMode: 'all' });
    expect(describeRows(rows)).toEqual([
      'id "x"',
      'big (150) open',
      '  [0…99]',
      '  [100…149]',
      'nested (1) open',
      '  deeper (1) open',
      '    leaf true',
      '__closure (1) open',
      '  a 1',
      'totalChildrenCount 3',
    ]);
    const hidden = flattenTree(value, 'root', new TreeNodes(), { ...PLAIN, hideInternal: true });
    expect(describeRows(hidden)).toEqual(['id "x"', 'big (150)', 'nested (1)']);
  });

  it('leaves a big field kept as text unread until it is opened, even on "expand all"', () => {
    const text = '{"a":1,"b":2}';
    const value = { id: 'x', __closure: new DeferredJson(() => text, '{', text.length) };
    const nodes = new TreeNodes();
    const all: TreeOptions = { ...PLAIN, expandMode: 'all' };
    const rows = flattenTree(value, 'root', nodes, all);
    const closure = entry(rows, '__closure');
    expect(closure).toMatchObject({ size: 'unparsed', expanded: false });
    expect(isExpandable(closure)).toBe(true);
    expect(value.__closure.isParsed).toBe(false);
    const opened = toggle(value, nodes, all, closure.node).rows;
    expect(describeRows(opened)).toEqual(['id "x"', '__closure (2) open', '  a 1', '  b 2']);
    const revealed = revealPath(value, 'root', ['__closure', 'b'], new TreeNodes(), PLAIN);
    expect(revealed).not.toBeNull();
  });

  it('walks a value nested 10,000 levels deep without overflowing the stack', () => {
    let value: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 10_000; i += 1) value = { next: value };
    const rows = flattenTree(value, 'root', new TreeNodes(), { ...PLAIN, expandMode: 'all' });
    expect(rows).toHaveLength(10_001);
    expect(rows.at(-1)).toMatchObject({ label: 'leaf', depth: 10_000 });
    expect(parentIndex(rows, 10_000)).toBe(9_999);
    expect(parentIndex(rows, 0)).toBe(0);
  });
});

describe('flattenTree in the recomposed view', () => {
  const objects: Record<string, unknown> = {
    root: { id: 'root', child: ref('child'), gone: ref('absent'), points: [ref('c1'), ref('c2')] },
    child: { id: 'child', name: 'Door', back: ref('root') },
    c1: { id: 'c1', speckle_type: 'Speckle.Core.Models.DataChunk', data: [1, 2] },
    c2: { id: 'c2', speckle_type: 'Speckle.Core.Models.DataChunk', data: [3] },
  };
  const lookup = (id: string) => objects[id];
  const options: TreeOptions = { ...PLAIN, lookup };

  it('resolves a reference when it is opened and marks cycles and missing objects', () => {
    const root = objects.root;
    const nodes = new TreeNodes();
    let rows = flattenTree(root, 'root', nodes, options);
    expect(entry(rows, 'child')).toMatchObject({ resolved: null, size: 2 });

    let state = toggle(root, nodes, options, entry(rows, 'child').node);
    rows = state.rows;
    expect(entry(rows, 'child').resolved).toEqual({ kind: 'object', id: 'child' });
    expect(describeRows(rows).slice(1, 5)).toEqual([
      'child (3) open',
      '  id "child"',
      '  name "Door"',
      '  back (2)',
    ]);
    state = toggle(root, nodes, state.options, entry(rows, 'back').node);
    expect(entry(state.rows, 'back').resolved).toEqual({ kind: 'cycle', id: 'root' });
    expect(isExpandable(entry(state.rows, 'back'))).toBe(false);

    state = toggle(root, nodes, state.options, entry(state.rows, 'gone').node);
    expect(entry(state.rows, 'gone').resolved).toEqual({ kind: 'missing', id: 'absent' });
  });

  it('joins chunked arrays when opened and says how many chunks', () => {
    const root = objects.root;
    const nodes = new TreeNodes();
    const rows = flattenTree(root, 'root', nodes, options);
    const opened = toggle(root, nodes, options, entry(rows, 'points').node).rows;
    expect(entry(opened, 'points').resolved).toEqual({
      kind: 'chunks',
      chunks: 2,
      missing: 0,
      length: 3,
    });
    expect(describeRows(opened).slice(-3)).toEqual(['  0 1', '  1 2', '  2 3']);
  });

  it('stops resolving references below the depth limit and says so, the chain still present', () => {
    const chain: Record<string, unknown> = {};
    for (let i = 0; i <= DEFAULT_MAX_DEPTH + 1; i += 1) {
      chain[`o${i}`] = { id: `o${i}`, next: ref(`o${i + 1}`) };
    }
    const deep: TreeOptions = { ...PLAIN, lookup: (id) => chain[id] };
    const root = chain.o0;
    const nodes = new TreeNodes();
    let state = { rows: flattenTree(root, 'o0', nodes, deep), options: deep };
    const deepestNext = () =>
      state.rows.filter((row) => row.kind === 'entry' && row.label === 'next').at(-1) as EntryRow;
    for (let level = 0; level <= DEFAULT_MAX_DEPTH; level += 1) {
      state = toggle(root, nodes, state.options, deepestNext().node);
    }

    const nexts = state.rows.filter(
      (row): row is EntryRow => row.kind === 'entry' && row.label === 'next',
    );
    expect(nexts).toHaveLength(DEFAULT_MAX_DEPTH + 1);
    expect(nexts.at(-2)!.resolved).toEqual({ kind: 'object', id: `o${DEFAULT_MAX_DEPTH}` });
    expect(nexts.at(-1)!.resolved).toEqual({ kind: 'depthLimit', id: `o${DEFAULT_MAX_DEPTH + 1}` });
    expect(isExpandable(nexts.at(-1)!)).toBe(false);
  });

  it('recomposes the real Revit floor: its display meshes open into their fields', () => {
    const floor = responseFixture('revit-floor.objects.json');
    const root = floor[0]!;
    const recomposed: TreeOptions = { ...PLAIN, lookup: lookupOf(floor) };
    const nodes = new TreeNodes();
    const rows = flattenTree(root.parsed, root.id, nodes, recomposed);
    let state = toggle(root.parsed, nodes, recomposed, entry(rows, 'displayValue').node);
    state = toggle(root.parsed, nodes, state.options, entry(state.rows, 0).node);
    const mesh = entry(state.rows, 0);
    expect(mesh.resolved?.kind).toBe('object');
    const vertices = entry(state.rows, 'vertices');
    state = toggle(root.parsed, nodes, state.options, vertices.node);
    expect(entry(state.rows, 'vertices').resolved).toMatchObject({ kind: 'chunks', missing: 0 });
  });
});

describe('revealPath', () => {
  it('opens the containers and ranges above a path and names its row', () => {
    const value = { mesh: { faces: Array.from({ length: 62_500 }, (_, i) => i) } };
    const nodes = new TreeNodes();
    const revealed = revealPath(value, 'root', ['mesh', 'faces', 61_234], nodes, PLAIN);
    if (!revealed) throw new Error('not revealed');
    const rows = flattenTree(value, 'root', nodes, { ...PLAIN, toggled: revealed.toggled });
    const target = rows.find((row) => row.node === revealed.target);
    expect(target).toMatchObject({ kind: 'entry', label: 61_234, value: 61_234 });
    // mesh, faces, [60000…62499], [61200…61299], then the element.
    expect(target?.depth).toBe(4);
    // mesh, faces, 7 ranges of 10,000, 25 ranges of 100 in the last, 100 elements in one.
    expect(rows).toHaveLength(1 + 1 + 7 + 25 + 100);
  });

  it('keeps what is already open and refuses paths that are not shown', () => {
    const value = { a: { b: 1 }, __closure: { x: 1 } };
    const nodes = new TreeNodes();
    const expanded: TreeOptions = { ...PLAIN, expandMode: 'all' };
    const revealed = revealPath(value, 'root', ['a', 'b'], nodes, expanded);
    expect(revealed?.toggled.size).toBe(0);
    expect(
      revealPath(value, 'root', ['__closure', 'x'], nodes, { ...PLAIN, hideInternal: true }),
    ).toBeNull();
    expect(revealPath(value, 'root', ['a', 'nope'], nodes, PLAIN)).toBeNull();
    expect(revealPath(value, 'root', ['a', 0], nodes, PLAIN)).toBeNull();
  });
});

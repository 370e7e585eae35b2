import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseRoot,
  pickRoot,
  rootCandidate,
  rootRuleText,
  type RootCandidate,
} from '../../../src/speckle/rootChoice';
import { cutText } from '../support/fileObjects';
import { readRealFixture } from '../support/realFixtures';

const encoder = new TextEncoder();

function candidatesOf(name: string): RootCandidate[] {
  return cutText(new Uint8Array(readRealFixture(name))).records.map(({ id, raw }) =>
    rootCandidate(id, encoder.encode(raw)),
  );
}

describe('chooseRoot', () => {
  it('takes the first object of a with-children answer', () => {
    const choice = chooseRoot(candidatesOf('revit-floor.objects.json'), true);
    expect(choice).toEqual({
      id: '551513ff4f3596024547fc818f1f3f70',
      rule: 'first-of-answer',
      unreferenced: ['551513ff4f3596024547fc818f1f3f70'],
    });
    expect(rootRuleText(choice!)).toBe('the first object of a with-children answer');
  });

  it('finds the object no other one refers to, in whatever order the objects come', () => {
    const objects = candidatesOf('blender-cube.objects.json').reverse();
    const choice = chooseRoot(objects, false)!;
    expect(choice).toMatchObject({ id: '1d060c69832c77c34ccc08e7955c132d', rule: 'unreferenced' });
    expect(rootRuleText(choice)).toBe('the only object no other one refers to');
  });

  it('does not take the first object of an answer that another object refers to', () => {
    const objects = candidatesOf('blender-cube.objects.json');
    const choice = chooseRoot([objects[3]!, ...objects], true);
    expect(choice).toMatchObject({ id: '1d060c69832c77c34ccc08e7955c132d', rule: 'unreferenced' });
  });

  it('takes the one that refers to the most when several are unreferenced', () => {
    // Real data: the closures of these Breps and Meshes name descendants the file lacks.
    const choice = chooseRoot(candidatesOf('brep-meshes.store.tsv'), false)!;
    expect(choice.rule).toBe('unreferenced');
    expect(choice.unreferenced.length).toBeGreaterThan(1);
    expect(rootRuleText(choice)).toBe(
      `the one that refers to the most of the ${choice.unreferenced.length} objects no other one refers to`,
    );
    const sizes = new Map(
      candidatesOf('brep-meshes.store.tsv').map(({ id, refersTo }) => [id, [...refersTo].length]),
    );
    const most = Math.max(...choice.unreferenced.map((id) => sizes.get(id)!));
    expect(sizes.get(choice.id)).toBe(most);
  });

  it('takes the only object of a single answer', () => {
    expect(chooseRoot(candidatesOf('revit-model-root.single.json'), false)).toMatchObject({
      id: '7238c0e0bbd1bafbe1a287aa7fc88619',
      rule: 'only-object',
    });
  });

  it('takes the first object when every object is referred to, and nothing of no objects', () => {
    const cycle = [
      { id: 'a', refersTo: ['b'] },
      { id: 'b', refersTo: ['a'] },
    ];
    expect(chooseRoot(cycle, false)).toEqual({ id: 'a', rule: 'first-object', unreferenced: [] });
    expect(chooseRoot([], true)).toBeNull();
  });

  it('lets the person pick another root, and says so', () => {
    const choice = pickRoot(chooseRoot(candidatesOf('revit-floor.objects.json'), true)!, 'x');
    expect(choice).toMatchObject({ id: 'x', rule: 'picked' });
    expect(rootRuleText(choice)).toBe('the one you picked');
  });

  it('finds the root of any tree in any order (property)', () => {
    const treeArb = fc.array(fc.nat(), { minLength: 1, maxLength: 30 }).chain((parents) =>
      fc.tuple(
        fc.constant(parents),
        fc.shuffledSubarray([...parents.keys(), parents.length], {
          minLength: parents.length + 1,
        }),
      ),
    );
    fc.assert(
      fc.property(treeArb, fc.boolean(), ([parents, order], withClosure) => {
        // Object i + 1 is a child of an object before it; object 0 is the root.
        const children: number[][] = [[]];
        parents.forEach((parent, index) => {
          children.push([]);
          children[parent % (index + 1)]!.push(index + 1);
        });
        const descendants = (node: number): number[] =>
          children[node]!.flatMap((child) => [child, ...descendants(child)]);
        const objects = order.map((node) => ({
          id: `o${node}`,
          refersTo: (withClosure ? descendants(node) : children[node]!).map((n) => `o${n}`),
        }));
        expect(chooseRoot(objects, false)!.id).toBe('o0');
        expect(chooseRoot(objects, order[0] === 0)!.id).toBe('o0');
      }),
    );
  });
});

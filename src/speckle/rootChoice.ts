/**
 * Which object of opened files to show as the root. A server says which object was asked for; a
 * file does not. A with-children answer puts its root first; other dumps have no order, but their
 * root is the object that nothing else in them refers to. The rule taken is said, and the person
 * may pick another object.
 */
import { readTopLevelClosure } from '../bytes/topLevelFields';
import { referencedIdsInText } from './references';

export type RootRule =
  'only-object' | 'first-of-answer' | 'unreferenced' | 'first-object' | 'picked';

export interface RootCandidate {
  id: string;
  /** The ids the object refers to: its references and its `__closure`'s keys. */
  refersTo: Iterable<string>;
}

export interface RootChoice {
  id: string;
  rule: RootRule;
  /** The objects no other one refers to, in the files' order: the likely other picks. */
  unreferenced: string[];
}

/** What an object's JSON text, as UTF-8 bytes, refers to. */
export function rootCandidate(id: string, text: Uint8Array): RootCandidate {
  return { id, refersTo: [...referencedIdsInText(text), ...readTopLevelClosure(text).keys()] };
}

/**
 * The root of `objects` (in the files' order, repeats allowed), or null when there are none.
 * `answerFirst`: the first file has the form of a with-children answer (a JSON array, or the
 * server's line form), whose first object is the one asked for.
 */
export function chooseRoot(
  objects: readonly RootCandidate[],
  answerFirst: boolean,
): RootChoice | null {
  const first = objects[0];
  if (!first) return null;
  const referenced = new Set<string>();
  const sizes = new Map<string, number>();
  for (const { id, refersTo } of objects) {
    let size = 0;
    for (const other of refersTo) {
      if (other !== id) referenced.add(other);
      size += 1;
    }
    sizes.set(id, Math.max(size, sizes.get(id) ?? 0));
  }
  const unreferenced = [...sizes.keys()].filter((id) => !referenced.has(id));
  if (sizes.size === 1) return { id: first.id, rule: 'only-object', unreferenced };
  if (answerFirst && !referenced.has(first.id)) {
    return { id: first.id, rule: 'first-of-answer', unreferenced };
  }
  if (unreferenced.length === 0) return { id: first.id, rule: 'first-object', unreferenced };
  // Of several, the one that refers to the most: the top of the biggest tree.
  let id = unreferenced[0]!;
  for (const other of unreferenced) if (sizes.get(other)! > sizes.get(id)!) id = other;
  return { id, rule: 'unreferenced', unreferenced };
}

/** The person's own pick. */
export function pickRoot(choice: RootChoice, id: string): RootChoice {
  return { ...choice, id, rule: 'picked' };
}

/** The rule, as the end of "The root shown is …". */
export function rootRuleText({ rule, unreferenced }: RootChoice): string {
  switch (rule) {
    case 'only-object':
      return 'the only object';
    case 'first-of-answer':
      return 'the first object of a with-children answer';
    case 'unreferenced':
      return unreferenced.length === 1
        ? 'the only object no other one refers to'
        : `the one that refers to the most of the ${unreferenced.length} objects no other one refers to`;
    case 'first-object':
      return 'the first object: every object is referred to by another';
    case 'picked':
      return 'the one you picked';
  }
}

/**
 * Which object of opened files to show as the root. A server says which object was asked for; a
 * file does not. A with-children answer puts its root first; other dumps have no order, but their
 * root is the object that nothing else in them refers to. The rule taken is said, and the person
 * may pick another object.
 */
import { readTopLevelClosure } from '../bytes/topLevelFields';
import { referencedIdsInText } from './references';

type RootRule = 'only-object' | 'first-of-answer' | 'unreferenced' | 'first-object' | 'picked';

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
  objects: Iterable<RootCandidate>,
  answerFirst: boolean,
): RootChoice | null {
  const tally = new RootTally();
  for (const object of objects) tally.add(object);
  return tally.choose(answerFirst);
}

/**
 * chooseRoot taking the objects one at a time, as a file is read: what each refers to is counted
 * and dropped, not kept for 100,000 objects until the end.
 */
export class RootTally {
  private first: string | null = null;
  private readonly referenced = new Set<string>();
  /** How many ids each object refers to, by id, in the order the objects came. */
  private readonly sizes = new Map<string, number>();

  add({ id, refersTo }: RootCandidate): void {
    this.first ??= id;
    let size = 0;
    for (const other of refersTo) {
      if (other !== id) this.referenced.add(other);
      size += 1;
    }
    this.sizes.set(id, Math.max(size, this.sizes.get(id) ?? 0));
  }

  /** As chooseRoot says, of the objects added so far. */
  choose(answerFirst: boolean): RootChoice | null {
    const { first, referenced, sizes } = this;
    if (first === null) return null;
    const unreferenced = [...sizes.keys()].filter((id) => !referenced.has(id));
    if (sizes.size === 1) return { id: first, rule: 'only-object', unreferenced };
    if (answerFirst && !referenced.has(first)) {
      return { id: first, rule: 'first-of-answer', unreferenced };
    }
    if (unreferenced.length === 0) return { id: first, rule: 'first-object', unreferenced };
    // Of several, the one that refers to the most: the top of the biggest tree.
    let id = unreferenced[0]!;
    for (const other of unreferenced) if (sizes.get(other)! > sizes.get(id)!) id = other;
    return { id, rule: 'unreferenced', unreferenced };
  }
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

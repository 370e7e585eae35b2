import type { TextParts } from '../../../src/features/exports/parts';
import type { LineRecord } from '../../../src/bytes/lines';
import { readRealFixture } from './realFixtures';

/** The top-level elements of a JSON array as they are written in it, byte for byte. */
export function arrayElementTexts(json: string): string[] {
  const elements: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 1;
  for (let index = 0; index < json.length; index += 1) {
    const char = json[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    if (!inString && ((char === ',' && depth === 1) || depth === 0)) {
      elements.push(json.slice(start, index).trim());
      start = index + 1;
    }
  }
  return elements;
}

/** The records of a `id<TAB>json` text, one per line, as the line reader gives them. */
export function recordsOf(tsv: string): LineRecord[] {
  return tsv
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const tab = line.indexOf('\t');
      return { id: line.slice(0, tab), raw: line.slice(tab + 1) };
    });
}

/** 103 objects in the server's database text form (`", "` and `": "` separators). */
export function databaseRecords(): LineRecord[] {
  return recordsOf(readRealFixture('brep-meshes.store.tsv').toString('utf8'));
}

export function fixtureText(name: string): string {
  return readRealFixture(name).toString('utf8');
}

/** Values that a parse and re-serialise would change, in names that look like paths. */
export const AWKWARD_OBJECT =
  '{"id": "00000000000000000000000000000001", "a.b": -0, "c/d": 1e308, "\\/e": ' +
  '1.0000000000000001, "big": 123456789012345678901234567890, "tiny": -1.5E-7, ' +
  '"@x.y/z": {"ü": "é\\u00e9😀\\ud83d\\ude00", "esc": "line\\nbreak\\t\\"q\\" \\\\ \\/"}, ' +
  '"empty": [], "none": {}, "nested": [[{}], [[]], [true, false, null]], ' +
  '"speckle_type": "Base"}';

/** The parts as text; byte parts are decoded. */
export async function collect(parts: TextParts): Promise<string[]> {
  const collected: string[] = [];
  for await (const part of parts) {
    collected.push(typeof part === 'string' ? part : new TextDecoder().decode(part));
  }
  return collected;
}

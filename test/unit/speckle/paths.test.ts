import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extendPath,
  pathOf,
  toJavaScriptPath,
  toJqPath,
  toJsonPath,
  type Path,
  type PathSegment,
} from '../../../src/speckle/paths';

const SENTINEL = { found: 'here' };

/** An object in which `path` leads to SENTINEL. */
function objectAlong(path: Path): unknown {
  let value: unknown = SENTINEL;
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const segment = path[i] as PathSegment;
    if (typeof segment === 'number') {
      const array: unknown[] = new Array<unknown>(segment + 1).fill(null);
      array[segment] = value;
      value = array;
    } else {
      const object = {};
      // `__proto__` must become an own key, as JSON.parse makes it.
      Object.defineProperty(object, segment, { value, enumerable: true });
      value = object;
    }
  }
  return value;
}

function evaluateJavaScript(expression: string, obj: unknown): unknown {
  return new Function('obj', `return ${expression};`)(obj);
}

/**
 * A small RFC 9535 reader for the normalized paths the module writes: `$`, `.name`, `[index]` and
 * `['name']` with the RFC's escapes. Throws on anything else.
 */
function parseJsonPath(text: string): PathSegment[] {
  if (!text.startsWith('$')) throw new Error(`no root in ${text}`);
  const path: PathSegment[] = [];
  let at = 1;
  while (at < text.length) {
    const shorthand = /^\.([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)/.exec(text.slice(at));
    const index = /^\[(0|[1-9][0-9]*)\]/.exec(text.slice(at));
    if (shorthand) {
      path.push(shorthand[1] as string);
      at += shorthand[0].length;
    } else if (index) {
      path.push(Number(index[1]));
      at += index[0].length;
    } else if (text.startsWith("['", at)) {
      let key = '';
      at += 2;
      while (text[at] !== "'") {
        const char = text[at] as string;
        if (at >= text.length) throw new Error(`unterminated ${text}`);
        if (char.charCodeAt(0) < 0x20) throw new Error(`raw control character in ${text}`);
        if (char !== '\\') {
          key += char;
          at += 1;
          continue;
        }
        const escape = text[at + 1] as string;
        const simple: Record<string, string> = {
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
          '/': '/',
          '\\': '\\',
          "'": "'",
          '"': '"',
        };
        if (escape === 'u') {
          key += String.fromCharCode(parseInt(text.slice(at + 2, at + 6), 16));
          at += 6;
        } else if (simple[escape] !== undefined) {
          key += simple[escape];
          at += 2;
        } else throw new Error(`bad escape in ${text}`);
      }
      if (text[at + 1] !== ']') throw new Error(`no closing bracket in ${text}`);
      path.push(key);
      at += 2;
    } else throw new Error(`cannot read ${text.slice(at)}`);
  }
  return path;
}

function evaluatePath(root: unknown, path: Path): unknown {
  let value = root;
  for (const segment of path) {
    if (!Object.hasOwn(value as object, segment)) return undefined;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value;
}

const EXAMPLES: Array<[string, Path, string, string, string]> = [
  ['the root', [], 'obj', '$', '.'],
  [
    'a detached list',
    ['@elements', 0, 'name'],
    'obj["@elements"][0].name',
    "$['@elements'][0].name",
    '.["@elements"][0].name',
  ],
  ['a first index', [3], 'obj[3]', '$[3]', '.[3]'],
  [
    'spaces and brackets',
    ['Alex Test Steam [ main @ 328bd99997 ]'],
    'obj["Alex Test Steam [ main @ 328bd99997 ]"]',
    "$['Alex Test Steam [ main @ 328bd99997 ]']",
    '.["Alex Test Steam [ main @ 328bd99997 ]"]',
  ],
  ['a dot', ['a.b', 'c'], 'obj["a.b"].c', "$['a.b'].c", '.["a.b"].c'],
  [
    'quotes',
    ["it's", 'say "hi"'],
    'obj["it\'s"]["say \\"hi\\""]',
    "$['it\\'s']['say \"hi\"']",
    '.["it\'s"]["say \\"hi\\""]',
  ],
  ['a backslash', ['a\\b'], 'obj["a\\\\b"]', "$['a\\\\b']", '.["a\\\\b"]'],
  ['unicode', ['Höhe', '😀'], 'obj["Höhe"]["😀"]', "$['Höhe']['😀']", '.["Höhe"]["😀"]'],
  ['an empty key', [''], 'obj[""]', "$['']", '.[""]'],
  ['a numeric-looking key', ['0', 0], 'obj["0"][0]', "$['0'][0]", '.["0"][0]'],
  [
    'control characters',
    ['a\nb\u0001'],
    'obj["a\\nb\\u0001"]',
    "$['a\\nb\\u0001']",
    '.["a\\nb\\u0001"]',
  ],
  ['a dollar sign', ['$ref'], 'obj.$ref', "$['$ref']", '.["$ref"]'],
  [
    'a jq keyword',
    ['if', 'speckle_type'],
    'obj.if.speckle_type',
    '$.if.speckle_type',
    '.["if"].speckle_type',
  ],
  ['a leading digit', ['1st'], 'obj["1st"]', "$['1st']", '.["1st"]'],
];

describe('path syntaxes', () => {
  it.each(EXAMPLES)('write %s', (_case, path, javaScript, jsonPath, jq) => {
    expect(toJavaScriptPath(path)).toBe(javaScript);
    expect(toJsonPath(path)).toBe(jsonPath);
    expect(toJqPath(path)).toBe(jq);
  });

  it('names the JavaScript root as asked', () => {
    expect(toJavaScriptPath(['@displayValue', 1], 'temp1')).toBe('temp1["@displayValue"][1]');
  });

  it('escapes lone surrogates in JSONPath, where they cannot appear raw', () => {
    expect(toJsonPath(['a\ud800b'])).toBe("$['a\\ud800b']");
    expect(parseJsonPath(toJsonPath(['a\ud800b']))).toEqual(['a\ud800b']);
  });

  it.each(EXAMPLES)('JavaScript and JSONPath for %s evaluate to the value', (_case, path) => {
    const root = objectAlong(path);
    expect(evaluateJavaScript(toJavaScriptPath(path), root)).toBe(SENTINEL);
    expect(evaluatePath(root, parseJsonPath(toJsonPath(path)))).toBe(SENTINEL);
  });

  const segment = fc.oneof(
    fc.nat(4),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('', '0', '@elements', 'a b', 'a.b', '[0]', "'", '"', '\\', '__proto__', 'if'),
  );

  it('JavaScript paths evaluate to the value for any keys', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (path) => {
        expect(evaluateJavaScript(toJavaScriptPath(path), objectAlong(path))).toBe(SENTINEL);
      }),
    );
  });

  it('JSONPath paths read back to the same path for any keys', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (path) => {
        expect(parseJsonPath(toJsonPath(path))).toEqual(path);
      }),
    );
  });
});

const jq = spawnSync('jq', ['--version'], { encoding: 'utf8' });

// jq is not part of the project's toolchain; these run where it is installed.
describe.skipIf(jq.error !== undefined || jq.status !== 0)('jq paths run by jq', () => {
  /** Evaluates each filter on its own input in one jq run. */
  function runJq(cases: ReadonlyArray<{ filter: string; input: unknown }>): unknown[] {
    const filter = `[${cases.map(({ filter }, i) => `(.[${i}] | ${filter})`).join(', ')}]`;
    const result = spawnSync('jq', ['-c', filter], {
      input: JSON.stringify(cases.map(({ input }) => input)),
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(result.stderr);
    return JSON.parse(result.stdout) as unknown[];
  }

  it('evaluate to the value for every example', () => {
    const cases = EXAMPLES.map(([, path]) => ({
      filter: toJqPath(path),
      input: objectAlong(path),
    }));
    expect(runJq(cases)).toEqual(cases.map(() => SENTINEL));
  });

  it('evaluate to the value for any valid Unicode keys', () => {
    const key = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('', '0', '@elements', 'a b', "'", '"', '\\', '\\(x)', 'and', '__loc__'),
    );
    const paths = fc.sample(fc.array(fc.oneof(fc.nat(4), key), { maxLength: 6 }), 300);
    const cases = paths.map((path) => ({ filter: toJqPath(path), input: objectAlong(path) }));
    expect(runJq(cases)).toEqual(cases.map(() => SENTINEL));
  });
});

describe('path links', () => {
  it('build the path from the root down', () => {
    const link = extendPath(extendPath(extendPath(null, '@elements'), 2), 'name');
    expect(pathOf(link)).toEqual(['@elements', 2, 'name']);
    expect(pathOf(null)).toEqual([]);
  });

  it('handle a path 10,000 segments long', () => {
    let link = null;
    for (let i = 0; i < 10_000; i += 1) link = extendPath(link, i % 2 === 0 ? 'child' : 0);
    const path = pathOf(link);
    expect(path).toHaveLength(10_000);
    expect(toJqPath(path).startsWith('.child[0].child[0]')).toBe(true);
    expect(toJavaScriptPath(path).length).toBe(3 + 5_000 * '.child[0]'.length);
  });
});

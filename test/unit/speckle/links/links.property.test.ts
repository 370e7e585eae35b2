import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSpeckleLink, type ParsedLink } from '../../../../src/speckle/links/links';

const hexOf = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789abcdefABCDEF'),
    minLength: length,
    maxLength: length,
  });

// Lowercase only: a hex id's case is what `lowercased` reports, so the tests choose it.
const lowerHexOf = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });

// Pieces that steer the parser down its branches, joined at random.
const LINK_PIECES = [
  'https://',
  'http://',
  'ftp://',
  'app.speckle.systems',
  'localhost:3000',
  '[::1]',
  '/',
  '//',
  'objects',
  'projects',
  'streams',
  'models',
  'commits',
  'branches',
  'single',
  'api',
  '0123456789',
  '0123456789abcdef0123456789abcdef',
  'ABCDEF0123',
  ',',
  '%2C',
  '%2F',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '@',
  '$',
  'all',
  '?server=',
  'https%3A%2F%2Fspeckle.xyz',
  '&',
  '#',
  '<',
  '>',
  '"',
  "'",
  ' ',
  '\t',
  '.',
  '..',
  'user:pw@',
  'é',
  '\u0000',
  '\uD800',
];

const adversarialTextArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.array(fc.constantFrom(...LINK_PIECES), { maxLength: 24 }).map((pieces) => pieces.join('')),
);

function expectWellFormed(result: ParsedLink): void {
  expect(['object', 'unfetchable']).toContain(result.kind);
  expect(typeof result.projectId).toBe('string');
  expect(result.projectId).not.toBe('');
  expect(result.projectId).toBe(result.projectId.toLowerCase());
  if (result.origin === null) {
    expect(result.base).toBeNull();
  } else {
    const origin = new URL(result.origin);
    expect(['http:', 'https:']).toContain(origin.protocol);
    expect(origin.origin).toBe(result.origin);
    expect(result.base).not.toBeNull();
    expect(result.base === result.origin || result.base?.startsWith(`${result.origin}/`)).toBe(
      true,
    );
    expect(result.base?.endsWith('/')).toBe(false);
  }
  if (result.kind === 'object') {
    expect(result.objectId).not.toBe('');
    expect(result.objectId).toBe(result.objectId.toLowerCase());
    expect(typeof result.single).toBe('boolean');
    expect(typeof result.lowercased).toBe('boolean');
  } else {
    expect(result.reason).toMatch(/^This link points to .+, not to an object\./);
  }
}

interface LinkFormat {
  /** The path from the route on, for a project and an object id. */
  path: (projectId: string, objectId: string, resources: string[]) => string;
  single: boolean;
}

const FORMATS: Record<string, LinkFormat> = {
  viewer: { path: (p, o) => `/projects/${p}/models/${o}`, single: false },
  viewerList: {
    path: (p, _o, resources) => `/projects/${p}/models/${resources.join(',')}`,
    single: false,
  },
  viewerListEncoded: {
    path: (p, _o, resources) => `/projects/${p}/models/${encodeURIComponent(resources.join(','))}`,
    single: false,
  },
  legacy: { path: (p, o) => `/streams/${p}/objects/${o}`, single: false },
  api: { path: (p, o) => `/objects/${p}/${o}`, single: false },
  apiSingle: { path: (p, o) => `/objects/${p}/${o}/single`, single: true },
};

// Path prefixes a self-hosted server may sit under; never a route name or `api`.
const prefixArb = fc.array(
  fc
    .stringMatching(/^[a-z][a-z0-9-]{0,7}$/)
    .filter((segment) => !['projects', 'streams', 'objects', 'api'].includes(segment)),
  { maxLength: 2 },
);

const hostArb = fc.oneof(
  fc.domain().map((domain) => ({ text: domain, port: '' })),
  fc.constantFrom({ text: 'localhost', port: ':3000' }, { text: '127.0.0.1', port: ':8080' }),
  fc.tuple(fc.domain(), fc.integer({ min: 1, max: 65_535 })).map(([domain, port]) => ({
    text: domain,
    port: `:${port}`,
  })),
);

const validLinkArb = fc.record({
  format: fc.constantFrom(...Object.keys(FORMATS)),
  // Empty: pasted without a scheme, which the parser assumes (http for the local machine).
  scheme: fc.constantFrom('https://', 'http://', 'HTTPS://', ''),
  host: hostArb,
  prefix: prefixArb,
  projectId: fc.oneof(lowerHexOf(10), hexOf(10)),
  objectId: fc.oneof(lowerHexOf(32), hexOf(32)),
  // Other viewer resources around the object: models, model@version pairs, folders.
  before: fc.array(
    fc.oneof(
      lowerHexOf(10),
      fc.tuple(lowerHexOf(10), lowerHexOf(10)).map(([model, version]) => `${model}@${version}`),
      fc.constant('$folder'),
    ),
    { maxLength: 3 },
  ),
  after: fc.array(lowerHexOf(10), { maxLength: 2 }),
  trailingSlash: fc.boolean(),
  query: fc.constantFrom('', '?x=1', '?embed=true&b=2'),
  fragment: fc.constantFrom('', '#', '#embed=%7B%22isEnabled%22%3Atrue%7D'),
  // Where the link sits: alone, or pasted from a ticket or a sentence.
  wrap: fc.constantFrom(['', ''], ['<', '>'], ['"', '"'], ["'", "'"], ['`', '`'], ['  ', '\n']),
  punctuation: fc.constantFrom('', '.', ',', '!?'),
  // Host-less paths and this app's own links carry the server elsewhere or not at all.
  carrier: fc.constantFrom('host', 'host', 'pathOnly', 'appLink'),
});

// 100k-character pastes built from one repeated piece, behind and before real link parts: the
// inputs that make a backtracking pattern or a quadratic split take minutes.
const REPEATED_PIECES = [
  '/',
  '//',
  '%',
  '%2F',
  '%2C',
  '://',
  ',',
  '.',
  '@',
  '?',
  'é',
  '漢',
  '😀',
  '\uD800',
];
const longTextArb = fc
  .record({
    before: fc.constantFrom(
      '',
      'https://',
      'https://app.speckle.systems/',
      '/projects/0123456789/models/',
    ),
    piece: fc.constantFrom(...new Set([...REPEATED_PIECES, ...LINK_PIECES])),
    after: fc.constantFrom('', '0123456789abcdef0123456789abcdef', '/single', '#x', ' ', '>'),
  })
  .map(
    ({ before, piece, after }) =>
      `${before}${piece.repeat(Math.ceil(100_000 / piece.length))}${after}`,
  );

describe('parseSpeckleLink (properties)', () => {
  it('reads 100,000-character adversarial pastes in bounded time without throwing', () => {
    let slowest = 0;
    fc.assert(
      fc.property(longTextArb, (text) => {
        const started = performance.now();
        const result = parseSpeckleLink(text);
        slowest = Math.max(slowest, performance.now() - started);
        if (result !== null) expectWellFormed(result);
      }),
      { numRuns: 120 },
    );
    // Linear work on 100 kB takes milliseconds; a quadratic pass would take tens of seconds.
    expect(slowest).toBeLessThan(1_000);
  });

  it('never throws, and returns null or a well-formed result, for any text', () => {
    fc.assert(
      fc.property(adversarialTextArb, (text) => {
        const result = parseSpeckleLink(text);
        if (result !== null) expectWellFormed(result);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads back the ids, endpoint and server of a generated link in every format', () => {
    fc.assert(
      fc.property(validLinkArb, (link) => {
        const format = FORMATS[link.format]!;
        const resources = [...link.before, link.objectId, ...link.after];
        const route =
          format.path(link.projectId, link.objectId, resources) + (link.trailingSlash ? '/' : '');
        const prefix = link.prefix.map((segment) => `/${segment}`).join('');
        const local = ['localhost', '127.0.0.1'].includes(link.host.text);
        const scheme = link.scheme || (local ? 'http://' : 'https://');
        const origin = new URL(`${scheme}${link.host.text}${link.host.port}`).origin;
        const base = `${origin}${prefix}`;
        let url: string;
        let expected: { origin: string | null; base: string | null };
        switch (link.carrier) {
          case 'pathOnly':
            url = `${route}${link.query}${link.fragment}`;
            expected = { origin: null, base: null };
            break;
          case 'appLink': {
            const query = `?server=${encodeURIComponent(base)}`;
            url = `https://explorer.example.org${route}${query}${link.fragment}`;
            expected = { origin, base };
            break;
          }
          default:
            url = `${link.scheme}${link.host.text}${link.host.port}${prefix}${route}${link.query}${link.fragment}`;
            expected = { origin, base };
        }
        const [open, close] = link.wrap;
        const text = `${open}${url}${link.punctuation}${close}`;

        const result = parseSpeckleLink(text);

        expect(result).toEqual({
          kind: 'object',
          ...expected,
          projectId: link.projectId.toLowerCase(),
          objectId: link.objectId.toLowerCase(),
          objectIds: [link.objectId.toLowerCase()],
          single: format.single,
          lowercased: /[A-F]/.test(link.projectId + link.objectId),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('never reports an object for a viewer link that names no 32-character entry', () => {
    fc.assert(
      fc.property(
        lowerHexOf(10),
        fc.array(
          fc.oneof(
            fc
              .string({ unit: 'grapheme', maxLength: 40 })
              .filter((entry) => !entry.includes(',') && entry.trim().length !== 32),
            lowerHexOf(10),
          ),
          { maxLength: 4 },
        ),
        (projectId, entries) => {
          const resources = encodeURIComponent(entries.join(','));
          const result = parseSpeckleLink(
            `https://app.speckle.systems/projects/${projectId}/models/${resources}`,
          );

          expect(result).toMatchObject({ kind: 'unfetchable', projectId });
        },
      ),
      { numRuns: 500 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alternateBase, parseServerUrl } from '../../../src/speckle/serverUrl';

// Pieces that steer the parser down its branches, joined at random.
const ADDRESS_PIECES = [
  'https://',
  'http://',
  'HTTP://',
  'ftp://',
  'javascript:',
  'mailto:',
  'app.speckle.systems',
  'speckle.example.com',
  'localhost',
  '127.0.0.1',
  '[::1]',
  '[',
  ']',
  ':',
  ':3000',
  ':99999',
  '/',
  '//',
  '\\',
  'api',
  'objects',
  'projects',
  'streams',
  'demo-server',
  '.',
  '..',
  '%2e',
  '%2F',
  '%',
  '?',
  '#',
  '@',
  'user:pass@',
  '<',
  '>',
  '"',
  "'",
  '`',
  ' ',
  '\t',
  '\n',
  ',',
  '!',
  'xn--',
  'é',
  '漢',
  '\u0000',
  '\uD800',
];

const addressTextArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webUrl({ validSchemes: ['http', 'https', 'HTTPS', 'ftp', 'file', 'ws'] }),
  fc.array(fc.constantFrom(...ADDRESS_PIECES), { maxLength: 16 }).map((pieces) => pieces.join('')),
);

// 100k-character addresses built from one repeated piece: the inputs that make a backtracking
// pattern or a quadratic trim take minutes.
const longAddressArb = fc
  .record({
    before: fc.constantFrom('', 'https://', 'https://speckle.example.com', 'localhost:3000/'),
    piece: fc.constantFrom(
      '/',
      '\\',
      '%',
      '%2e',
      '://',
      '.',
      ':',
      '@',
      ' ',
      'é',
      '漢',
      '😀',
      '\uD800',
    ),
    after: fc.constantFrom('', '/api', '/objects/0123456789/x', '?q', '#', '>'),
  })
  .map(
    ({ before, piece, after }) =>
      `${before}${piece.repeat(Math.ceil(100_000 / piece.length))}${after}`,
  );

describe('parseServerUrl (properties)', () => {
  it('reads 100,000-character adversarial addresses in bounded time without throwing', () => {
    // Linear work on 100 kB takes milliseconds; a quadratic pass would take tens of seconds per
    // address, and the test's timeout stops it.
    fc.assert(
      fc.property(longAddressArb, (text) => {
        const result = parseServerUrl(text);
        if (result.ok) parseServerUrl(alternateBase(result.base));
        if (!result.ok) expect(result.error.length).toBeLessThan(1_000);
      }),
      { numRuns: 120 },
    );
  });

  it('never throws, and every address it accepts is an http(s) origin plus a path prefix', () => {
    fc.assert(
      fc.property(addressTextArb, (text) => {
        const result = parseServerUrl(text);
        if (!result.ok) {
          expect(result.error).not.toBe('');
          return;
        }
        const origin = new URL(result.origin);
        expect(['http:', 'https:']).toContain(origin.protocol);
        expect(origin.origin).toBe(result.origin);
        expect(result.base === result.origin || result.base.startsWith(`${result.origin}/`)).toBe(
          true,
        );
        expect(result.base.endsWith('/')).toBe(false);
        expect(result.base).not.toMatch(/[?#\s]/);
      }),
      { numRuns: 4000 },
    );
  });

  it('is idempotent: the base it returns reads back as itself, without a note', () => {
    fc.assert(
      fc.property(addressTextArb, (text) => {
        const first = parseServerUrl(text);
        if (!first.ok) return;

        expect(parseServerUrl(first.base)).toEqual({
          ok: true,
          origin: first.origin,
          base: first.base,
        });
      }),
      { numRuns: 4000 },
    );
  });

  it('reads the same server from a base and from any link below it', () => {
    const segmentArb = fc
      .stringMatching(/^[a-z][a-z0-9-]{0,7}$/)
      .filter((segment) => !['api', 'objects', 'projects', 'streams'].includes(segment));
    fc.assert(
      fc.property(
        fc
          .webUrl({ withQueryParameters: false, withFragments: false })
          .map((url) => new URL(url).origin),
        fc.array(segmentArb, { maxLength: 3 }),
        fc.constantFrom(
          '',
          '/objects/0123456789/x',
          '/projects/0123456789/models/a,b',
          '/api/ping',
        ),
        fc.constantFrom('', '?q=1', '#view'),
        (origin, prefix, route, tail) => {
          const base = [origin, ...prefix].join('/');
          const result = parseServerUrl(`${base}${route}${tail}`);

          expect(result).toMatchObject({ ok: true, origin, base });
          // Both forms of the documented base lead back to the same server.
          expect(parseServerUrl(alternateBase(base))).toMatchObject({ ok: true, origin });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

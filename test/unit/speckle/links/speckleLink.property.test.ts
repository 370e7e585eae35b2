import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatViewerResources,
  parseSpeckleProjectLink,
  type SpeckleLink,
  type ViewerResource,
} from '../../../../src/speckle/links/speckleLink';

const lowerHexOf = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });

// Pieces that steer the parser down its branches, joined at random.
const LINK_PIECES = [
  'https://',
  'app.speckle.systems',
  'localhost:3000',
  '/',
  '//',
  'projects',
  'streams',
  'models',
  'versions',
  'commits',
  'branches',
  'objects',
  'embed',
  '?stream=',
  '&commit=',
  '&object=',
  '&branch=',
  '0123456789',
  '0123456789abcdef0123456789abcdef',
  'ABCDEF0123',
  ',',
  '%2C',
  '%2F',
  '%',
  '%ZZ',
  '@',
  '$',
  'all',
  '?server=',
  '#',
  ' ',
  '.',
  'é',
  '\u0000',
  '\uD800',
];

function expectWellFormed(link: SpeckleLink): void {
  expect(link.projectId).not.toBe('');
  expect(link.projectId).toBe(link.projectId.toLowerCase());
  expect(link.base === null).toBe(link.origin === null);
  if (link.origin !== null) {
    expect(new URL(link.origin).origin).toBe(link.origin);
    expect(link.base === link.origin || link.base?.startsWith(`${link.origin}/`)).toBe(true);
  }
  if (link.target.kind === 'resources') {
    expect(link.target.resources.length).toBeGreaterThan(0);
    const text = formatViewerResources(link.target.resources);
    expect(text).toBe(text.toLowerCase());
  }
}

const resourceArb: fc.Arbitrary<ViewerResource> = fc.oneof(
  lowerHexOf(10).map((modelId) => ({ kind: 'model' as const, modelId })),
  fc
    .tuple(lowerHexOf(10), lowerHexOf(10))
    .map(([modelId, versionId]) => ({ kind: 'version' as const, modelId, versionId })),
  lowerHexOf(32).map((objectId) => ({ kind: 'object' as const, objectId })),
  fc.constant({ kind: 'all' as const }),
  fc
    .stringMatching(/^[a-z][a-z0-9 _-]{0,10}(\/[a-z0-9 _-]{1,10}){0,2}$/)
    .filter((prefix) => prefix.trim() === prefix)
    .map((prefix) => ({ kind: 'folder' as const, prefix })),
);

const distinctResourcesArb = fc.uniqueArray(resourceArb, {
  minLength: 1,
  maxLength: 5,
  selector: (resource) => formatViewerResources([resource]),
});

const longTextArb = fc
  .record({
    before: fc.constantFrom(
      '',
      'https://app.speckle.systems/',
      '/projects/0123456789/models/',
      '/streams/0123456789/branches/',
      'https://x.org/embed?stream=0123456789&branch=',
    ),
    piece: fc.constantFrom(...LINK_PIECES, '%2C%20', ', ', '@@', '😀'),
    after: fc.constantFrom('', '0123456789abcdef0123456789abcdef', '/versions', '#x'),
  })
  .map(
    ({ before, piece, after }) =>
      `${before}${piece.repeat(Math.ceil(100_000 / piece.length))}${after}`,
  );

describe('parseSpeckleProjectLink (properties)', () => {
  it('reads 100,000-character adversarial pastes in bounded time without throwing', () => {
    let slowest = 0;
    fc.assert(
      fc.property(longTextArb, (text) => {
        const started = performance.now();
        const link = parseSpeckleProjectLink(text);
        slowest = Math.max(slowest, performance.now() - started);
        if (link !== null) expectWellFormed(link);
      }),
      { numRuns: 150 },
    );
    // Linear work on 100 kB takes milliseconds; a quadratic pass would take tens of seconds.
    expect(slowest).toBeLessThan(1_000);
  });

  it('never throws, and returns null or a well-formed description, for any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc
            .array(fc.constantFrom(...LINK_PIECES), { maxLength: 24 })
            .map((pieces) => pieces.join('')),
        ),
        (text) => {
          const link = parseSpeckleProjectLink(text);
          if (link !== null) expectWellFormed(link);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads back the resources of a generated viewer link on any server, however it is encoded', () => {
    fc.assert(
      fc.property(
        fc.record({
          base: fc.constantFrom(
            'https://app.speckle.systems',
            'https://speckle.example.org/tools/speckle',
            'http://localhost:3000',
          ),
          projectId: lowerHexOf(10),
          resources: distinctResourcesArb,
          spaces: fc.array(fc.constantFrom('', ' ', '  '), { minLength: 10, maxLength: 10 }),
          encoding: fc.constantFrom('whole', 'separators', 'commas raw'),
          upper: fc.boolean(),
          suffix: fc.constantFrom('', '/', '#embed=%7B%7D', '?x=1'),
        }),
        ({ base, projectId, resources, spaces, encoding, upper, suffix }) => {
          const entries = resources.map(
            (resource, i) => `${spaces[i]}${formatViewerResources([resource])}${spaces[i + 5]}`,
          );
          const list = entries.join(',');
          const typed = upper ? list.toUpperCase() : list;
          const segment =
            encoding === 'whole'
              ? encodeURIComponent(typed)
              : encoding === 'separators'
                ? typed.replaceAll(',', '%2C').replaceAll('/', '%2F').replaceAll(' ', '%20')
                : typed.replaceAll('/', '%2F').replaceAll(' ', '%20');

          const link = parseSpeckleProjectLink(
            `${base}/projects/${projectId}/models/${segment}${suffix}`,
          );

          expect(link).toEqual({
            origin: new URL(base).origin,
            base,
            projectId,
            target: { kind: 'resources', resources },
            lowercased: upper && /[a-z]/.test(list),
          });
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('reads back the target of a generated legacy or embed link', () => {
    fc.assert(
      fc.property(
        lowerHexOf(10),
        lowerHexOf(10),
        lowerHexOf(32),
        fc
          .stringMatching(
            /^[a-z0-9]([a-z0-9 _.-]{0,9}[a-z0-9_-])?(\/[a-z0-9_.-]{0,9}[a-z0-9_-]){0,2}$/,
          )
          .filter((name) => name.trim() === name),
        fc.constantFrom('legacy', 'embed'),
        // A name ends in a letter, digit or `_`: a link's trailing punctuation is taken for the
        // sentence's it was pasted from.
        (projectId, versionId, objectId, name, form) => {
          const base = 'https://speckle.example.org';
          const links =
            form === 'legacy'
              ? [
                  `/streams/${projectId}/commits/${versionId}`,
                  `/streams/${projectId}/objects/${objectId}`,
                  `/streams/${projectId}/branches/${encodeURIComponent(name)}`,
                ]
              : [
                  `/embed?stream=${projectId}&commit=${versionId}`,
                  `/embed?stream=${projectId}&object=${objectId}`,
                  `/embed?stream=${projectId}&branch=${encodeURIComponent(name)}`,
                ];

          expect(links.map((path) => parseSpeckleProjectLink(`${base}${path}`)?.target)).toEqual([
            { kind: 'version', versionId },
            { kind: 'resources', resources: [{ kind: 'object', objectId }] },
            { kind: 'model-name', name, opens: form === 'legacy' ? 'versions' : 'viewer' },
          ]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatViewerResources,
  linkedObjectIds,
  parseSpeckleLink,
  type SpeckleLink,
  type ViewerResource,
} from '../../../../src/speckle/links/speckleLink';

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
  'user:pw@',
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
  'single',
  'api',
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
  '%E0%A4%A',
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
  'é',
  '\u0000',
  '\uD800',
];

function expectWellFormed(link: SpeckleLink): void {
  expect(link.projectId).not.toBe('');
  expect(link.projectId).toBe(link.projectId.toLowerCase());
  expect(['viewer', 'legacy', 'embed', 'objects']).toContain(link.form);
  expect(typeof link.lowercased).toBe('boolean');
  expect(link.base === null).toBe(link.origin === null);
  if (link.origin !== null) {
    const origin = new URL(link.origin);
    expect(['http:', 'https:']).toContain(origin.protocol);
    expect(origin.origin).toBe(link.origin);
    expect(link.base === link.origin || link.base?.startsWith(`${link.origin}/`)).toBe(true);
    expect(link.base?.endsWith('/')).toBe(false);
  }
  for (const objectId of linkedObjectIds(link.target)) {
    expect(objectId).not.toBe('');
    expect(objectId).toBe(objectId.toLowerCase());
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
      'https://',
      'https://app.speckle.systems/',
      '/projects/0123456789/models/',
      '/streams/0123456789/branches/',
      '/objects/0123456789/',
      'https://x.org/embed?stream=0123456789&branch=',
    ),
    piece: fc.constantFrom(...LINK_PIECES, '%2C%20', ', ', '@@', '://', '?', '漢', '😀'),
    after: fc.constantFrom(
      '',
      '0123456789abcdef0123456789abcdef',
      '/versions',
      '/single',
      '#x',
      ' ',
      '>',
    ),
  })
  .map(
    ({ before, piece, after }) =>
      `${before}${piece.repeat(Math.ceil(100_000 / piece.length))}${after}`,
  );

interface ObjectLinkFormat {
  form: SpeckleLink['form'];
  /** The path from the route on, for a project, an object id and the resource list around it. */
  path: (projectId: string, objectId: string, resources: string[]) => string;
}

// The forms whose path names an object.
const OBJECT_LINK_FORMATS: Record<string, ObjectLinkFormat> = {
  viewer: { form: 'viewer', path: (p, o) => `/projects/${p}/models/${o}` },
  viewerList: {
    form: 'viewer',
    path: (p, _o, resources) => `/projects/${p}/models/${resources.join(',')}`,
  },
  viewerListEncoded: {
    form: 'viewer',
    path: (p, _o, resources) => `/projects/${p}/models/${encodeURIComponent(resources.join(','))}`,
  },
  legacy: { form: 'legacy', path: (p, o) => `/streams/${p}/objects/${o}` },
  api: { form: 'objects', path: (p, o) => `/objects/${p}/${o}` },
  apiSingle: { form: 'objects', path: (p, o) => `/objects/${p}/${o}/single` },
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

const objectLinkArb = fc.record({
  format: fc.constantFrom(...Object.keys(OBJECT_LINK_FORMATS)),
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

describe('parseSpeckleLink (properties)', () => {
  it('reads 100,000-character adversarial pastes in bounded time without throwing', () => {
    let slowest = 0;
    fc.assert(
      fc.property(longTextArb, (text) => {
        const started = performance.now();
        const link = parseSpeckleLink(text);
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
          const link = parseSpeckleLink(text);
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

          const link = parseSpeckleLink(`${base}/projects/${projectId}/models/${segment}${suffix}`);

          expect(link).toEqual({
            origin: new URL(base).origin,
            base,
            projectId,
            target: { kind: 'resources', resources },
            form: 'viewer',
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

          expect(links.map((path) => parseSpeckleLink(`${base}${path}`)?.target)).toEqual([
            { kind: 'version', versionId },
            { kind: 'resources', resources: [{ kind: 'object', objectId }] },
            { kind: 'model-name', name, opens: form === 'legacy' ? 'versions' : 'viewer' },
          ]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads back the ids, form and server of a generated link to an object in every form', () => {
    fc.assert(
      fc.property(objectLinkArb, (link) => {
        const format = OBJECT_LINK_FORMATS[link.format]!;
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

        const result = parseSpeckleLink(`${open}${url}${link.punctuation}${close}`);

        expect(result).toMatchObject({
          ...expected,
          projectId: link.projectId.toLowerCase(),
          form: format.form,
          lowercased: /[A-F]/.test(link.projectId + link.objectId),
        });
        expect(result && linkedObjectIds(result.target)).toEqual([link.objectId.toLowerCase()]);
      }),
      { numRuns: 2000 },
    );
  });

  it('never names an object for a viewer link without a 32-character entry', () => {
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
          const link = parseSpeckleLink(
            `https://app.speckle.systems/projects/${projectId}/models/${resources}`,
          );

          expect(link).toMatchObject({ projectId, form: 'viewer' });
          expect(link && linkedObjectIds(link.target)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatViewerResources,
  parseSpeckleProjectLink,
  parseViewerResources,
  type LinkTarget,
} from '../../../../src/speckle/links/speckleLink';

const PROJECT = '4f7e2b9a1c';
const MODEL = '0be2983f2b';
const OTHER_MODEL = '718adf0d31';
const VERSION = '286bd88656';
const OBJECT = 'fc1c8b6a5990bc18a2541a701abae1c0';
const APP = 'https://app.speckle.systems';

const onApp = { origin: APP, base: APP, projectId: PROJECT, lowercased: false };

function target(link: string): LinkTarget | undefined {
  return parseSpeckleProjectLink(link)?.target;
}

describe('parseSpeckleProjectLink', () => {
  describe('viewer links', () => {
    it('reads a model@version link', () => {
      expect(
        parseSpeckleProjectLink(`${APP}/projects/${PROJECT}/models/${MODEL}@${VERSION}`),
      ).toEqual({
        ...onApp,
        target: {
          kind: 'resources',
          resources: [{ kind: 'version', modelId: MODEL, versionId: VERSION }],
        },
      });
    });

    it('reads every kind of entry in a comma-separated list, in order', () => {
      const list = `${MODEL},${OTHER_MODEL}@${VERSION},${OBJECT},all,$structure%2Flevels`;

      expect(target(`${APP}/projects/${PROJECT}/models/${list}`)).toEqual({
        kind: 'resources',
        resources: [
          { kind: 'model', modelId: MODEL },
          { kind: 'version', modelId: OTHER_MODEL, versionId: VERSION },
          { kind: 'object', objectId: OBJECT },
          { kind: 'all' },
          { kind: 'folder', prefix: 'structure/levels' },
        ],
      });
    });

    it.each([
      ['wholly percent-encoded', encodeURIComponent(`${MODEL}, $structure/levels`)],
      ['with only the separators encoded', `${MODEL}%2C%20%24structure%2Flevels`],
      ['with spaces and empty entries', `%20${MODEL}%20,,%20$structure%2Flevels%20,`],
      ['with a repeated entry', `${MODEL},$structure%2Flevels,${MODEL}`],
    ])('reads a list %s, entries trimmed', (_, resources) => {
      expect(target(`${APP}/projects/${PROJECT}/models/${resources}`)).toEqual({
        kind: 'resources',
        resources: [
          { kind: 'model', modelId: MODEL },
          { kind: 'folder', prefix: 'structure/levels' },
        ],
      });
    });

    it('lowercases ids and says so', () => {
      expect(
        parseSpeckleProjectLink(
          `${APP}/projects/${PROJECT.toUpperCase()}/models/${MODEL.toUpperCase()}`,
        ),
      ).toEqual({
        ...onApp,
        lowercased: true,
        target: { kind: 'resources', resources: [{ kind: 'model', modelId: MODEL }] },
      });
    });

    it('ignores the query and the view state after #', () => {
      expect(
        target(
          `${APP}/projects/${PROJECT}/models/${MODEL}?embedToken=x#embed=%7B%22isEnabled%22%3Atrue%7D`,
        ),
      ).toEqual({ kind: 'resources', resources: [{ kind: 'model', modelId: MODEL }] });
    });

    it("reads a model's version list", () => {
      expect(target(`${APP}/projects/${PROJECT}/models/${MODEL}/versions`)).toEqual({
        kind: 'model-versions',
        modelId: MODEL,
      });
    });

    it.each([
      `${APP}/projects/${PROJECT}`,
      `${APP}/projects/${PROJECT}/`,
      `${APP}/projects/${PROJECT}/models`,
      `${APP}/projects/${PROJECT}/models/%20,%20`,
    ])('reads %s as the project', (link) => {
      expect(parseSpeckleProjectLink(link)).toEqual({ ...onApp, target: { kind: 'project' } });
    });
  });

  describe('legacy links', () => {
    it.each<[string, string, LinkTarget]>([
      ['a stream', `/streams/${PROJECT}`, { kind: 'project' }],
      [
        'a commit',
        `/streams/${PROJECT}/commits/${VERSION}`,
        { kind: 'version', versionId: VERSION },
      ],
      [
        'an object',
        `/streams/${PROJECT}/objects/${OBJECT}`,
        { kind: 'resources', resources: [{ kind: 'object', objectId: OBJECT }] },
      ],
      [
        'a branch',
        `/streams/${PROJECT}/branches/main`,
        { kind: 'model-name', name: 'main', opens: 'versions' },
      ],
      [
        'a nested branch',
        `/streams/${PROJECT}/branches/structure%2Flevels`,
        { kind: 'model-name', name: 'structure/levels', opens: 'versions' },
      ],
      [
        'a nested branch with the slash left raw',
        `/streams/${PROJECT}/branches/structure/levels`,
        { kind: 'model-name', name: 'structure/levels', opens: 'versions' },
      ],
      [
        'a branch name with spaces and Unicode',
        `/streams/${PROJECT}/branches/${encodeURIComponent('façade 2/north wing')}`,
        { kind: 'model-name', name: 'façade 2/north wing', opens: 'versions' },
      ],
    ])('reads %s', (_, path, expected) => {
      expect(parseSpeckleProjectLink(`${APP}${path}`)).toEqual({ ...onApp, target: expected });
    });

    it('lowercases a branch name, as the server stores names, and says so', () => {
      expect(
        parseSpeckleProjectLink(`${APP}/streams/${PROJECT}/branches/Structure%2FLevels`),
      ).toEqual({
        ...onApp,
        lowercased: true,
        target: { kind: 'model-name', name: 'structure/levels', opens: 'versions' },
      });
    });
  });

  describe('embed links', () => {
    it.each<[string, string, LinkTarget]>([
      ['a commit', `stream=${PROJECT}&commit=${VERSION}`, { kind: 'version', versionId: VERSION }],
      [
        'an object',
        `stream=${PROJECT}&object=${OBJECT}`,
        { kind: 'resources', resources: [{ kind: 'object', objectId: OBJECT }] },
      ],
      [
        'a branch',
        `stream=${PROJECT}&branch=structure%2Flevels`,
        { kind: 'model-name', name: 'structure/levels', opens: 'viewer' },
      ],
      ['a stream alone', `stream=${PROJECT}`, { kind: 'latest-version' }],
      [
        'an object before a commit and a branch',
        `branch=main&object=${OBJECT}&commit=${VERSION}&stream=${PROJECT}&transparent=true`,
        { kind: 'resources', resources: [{ kind: 'object', objectId: OBJECT }] },
      ],
      [
        'a commit before a branch',
        `branch=main&commit=${VERSION}&stream=${PROJECT}`,
        { kind: 'version', versionId: VERSION },
      ],
    ])('reads %s', (_, query, expected) => {
      expect(parseSpeckleProjectLink(`${APP}/embed?${query}`)).toEqual({
        ...onApp,
        target: expected,
      });
    });

    it('keeps a self-hosted server’s path prefix out of the embed page', () => {
      expect(
        parseSpeckleProjectLink(
          `https://example.org/speckle/embed/?stream=${PROJECT}&commit=${VERSION}`,
        ),
      ).toMatchObject({ origin: 'https://example.org', base: 'https://example.org/speckle' });
    });

    it('needs a stream', () => {
      expect(parseSpeckleProjectLink(`${APP}/embed?commit=${VERSION}`)).toBeNull();
    });
  });

  describe('servers', () => {
    it.each([
      ['a self-hosted server', 'https://speckle.example.org', 'https://speckle.example.org'],
      ['a path prefix', 'https://example.org/tools/speckle', 'https://example.org/tools/speckle'],
      ['a local server', 'http://localhost:3000', 'http://localhost:3000'],
    ])('reads a link on %s', (_, base, expectedBase) => {
      expect(parseSpeckleProjectLink(`${base}/projects/${PROJECT}/models/${MODEL}`)).toMatchObject({
        origin: new URL(base).origin,
        base: expectedBase,
        projectId: PROJECT,
      });
    });

    it('reads a path without a server', () => {
      expect(parseSpeckleProjectLink(`/projects/${PROJECT}/models/${MODEL}`)).toMatchObject({
        origin: null,
        base: null,
        projectId: PROJECT,
      });
    });

    it('reads a link pasted from a sentence or a ticket', () => {
      expect(
        parseSpeckleProjectLink(`<${APP}/projects/${PROJECT}/models/${MODEL}>.`),
      ).toMatchObject({
        target: { kind: 'resources', resources: [{ kind: 'model', modelId: MODEL }] },
      });
    });

    it("reads this app's own links, whose server is in ?server=", () => {
      const link = `https://explorer.example.org/projects/${PROJECT}/models/${MODEL}?server=${encodeURIComponent('https://speckle.example.org')}`;

      expect(parseSpeckleProjectLink(link)).toMatchObject({
        origin: 'https://speckle.example.org',
        base: 'https://speckle.example.org',
      });
    });
  });

  it.each([
    '',
    'hello',
    `${APP}/`,
    `${APP}/projects/`,
    `${APP}/objects/${PROJECT}/${OBJECT}`,
    'ftp://x.org/projects/a',
  ])('finds no project link in %j', (text) => {
    expect(parseSpeckleProjectLink(text)).toBeNull();
  });
});

describe('parseViewerResources', () => {
  it('reads a model, a version and an object typed on their own', () => {
    expect(parseViewerResources(` ${MODEL} `)).toEqual([{ kind: 'model', modelId: MODEL }]);
    expect(parseViewerResources(`${MODEL}@${VERSION}`)).toEqual([
      { kind: 'version', modelId: MODEL, versionId: VERSION },
    ]);
    expect(parseViewerResources(OBJECT.toUpperCase())).toEqual([
      { kind: 'object', objectId: OBJECT },
    ]);
  });

  it('reads nothing from an empty list', () => {
    expect(parseViewerResources(' , ,')).toEqual([]);
  });
});

describe('formatViewerResources', () => {
  it('writes the list the parser reads back', () => {
    const text = `${OBJECT},all,$structure,${MODEL}@${VERSION},${OTHER_MODEL}`;

    expect(formatViewerResources(parseViewerResources(text))).toBe(text);
  });
});

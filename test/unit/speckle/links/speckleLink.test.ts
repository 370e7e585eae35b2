import { describe, expect, it } from 'vitest';
import {
  formatViewerResources,
  linkedObjectIds,
  parseSpeckleLink,
  parseViewerResources,
  speckleWebUrl,
  type LinkTarget,
} from '../../../../src/speckle/links/speckleLink';

const PROJECT = '4f7e2b9a1c';
const MODEL = '0be2983f2b';
const OTHER_MODEL = '718adf0d31';
const VERSION = '286bd88656';
const OBJECT = 'fc1c8b6a5990bc18a2541a701abae1c0';
const OTHER_OBJECT = 'fedcba9876543210fedcba9876543210';
const APP = 'https://app.speckle.systems';

const onApp = { origin: APP, base: APP, projectId: PROJECT, lowercased: false };

function target(link: string): LinkTarget | undefined {
  return parseSpeckleLink(link)?.target;
}

describe('parseSpeckleLink', () => {
  describe('viewer links', () => {
    it('reads a model@version link', () => {
      expect(parseSpeckleLink(`${APP}/projects/${PROJECT}/models/${MODEL}@${VERSION}`)).toEqual({
        ...onApp,
        form: 'viewer',
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
        parseSpeckleLink(`${APP}/projects/${PROJECT.toUpperCase()}/models/${MODEL.toUpperCase()}`),
      ).toEqual({
        ...onApp,
        form: 'viewer',
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
      expect(parseSpeckleLink(link)).toEqual({
        ...onApp,
        form: 'viewer',
        target: { kind: 'project' },
      });
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
      expect(parseSpeckleLink(`${APP}${path}`)).toEqual({
        ...onApp,
        form: 'legacy',
        target: expected,
      });
    });

    it('lowercases a branch name, as the server stores names, and says so', () => {
      expect(parseSpeckleLink(`${APP}/streams/${PROJECT}/branches/Structure%2FLevels`)).toEqual({
        ...onApp,
        form: 'legacy',
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
      expect(parseSpeckleLink(`${APP}/embed?${query}`)).toEqual({
        ...onApp,
        form: 'embed',
        target: expected,
      });
    });

    it('keeps a self-hosted server’s path prefix out of the embed page', () => {
      expect(
        parseSpeckleLink(`https://example.org/speckle/embed/?stream=${PROJECT}&commit=${VERSION}`),
      ).toMatchObject({ origin: 'https://example.org', base: 'https://example.org/speckle' });
    });

    it('needs a stream', () => {
      expect(parseSpeckleLink(`${APP}/embed?commit=${VERSION}`)).toBeNull();
    });
  });

  describe('REST object links', () => {
    it.each([
      `${APP}/objects/${PROJECT}/${OBJECT}`,
      `${APP}/objects/${PROJECT}/${OBJECT}/`,
      `${APP}/objects/${PROJECT}/${OBJECT}/single`,
    ])('reads %s', (link) => {
      expect(parseSpeckleLink(link)).toEqual({
        ...onApp,
        form: 'objects',
        target: { kind: 'resources', resources: [{ kind: 'object', objectId: OBJECT }] },
      });
    });

    it('keeps a path prefix in the base, and cuts /api from it as the server address does', () => {
      expect(
        parseSpeckleLink(`http://localhost:5173/demo-server/objects/${PROJECT}/${OBJECT}`),
      ).toMatchObject({
        origin: 'http://localhost:5173',
        base: 'http://localhost:5173/demo-server',
      });
      expect(parseSpeckleLink(`${APP}/api/objects/${PROJECT}/${OBJECT}`)).toMatchObject({
        origin: APP,
        base: APP,
      });
    });

    it.each([
      `${APP}/objects/${PROJECT}`,
      `${APP}/objects/${PROJECT}/${OBJECT}/children`,
      `${APP}/objects/${PROJECT}/${OBJECT}/single/extra`,
    ])('does not take %s for an object link', (link) => {
      expect(parseSpeckleLink(link)).toBeNull();
    });

    it('lowercases the ids and says so', () => {
      expect(parseSpeckleLink(`${APP}/objects/ABCDEF0123/${OBJECT.toUpperCase()}`)).toEqual({
        ...onApp,
        projectId: 'abcdef0123',
        form: 'objects',
        lowercased: true,
        target: { kind: 'resources', resources: [{ kind: 'object', objectId: OBJECT }] },
      });
    });
  });

  describe('the objects a link names', () => {
    it.each<[string, string, string[]]>([
      ['a viewer link', `/projects/${PROJECT}/models/${OBJECT}`, [OBJECT]],
      [
        'a resource list, in its order, whatever stands around them',
        `/projects/${PROJECT}/models/${MODEL}@${VERSION},${OBJECT},${MODEL},${OTHER_OBJECT.toUpperCase()}`,
        [OBJECT, OTHER_OBJECT],
      ],
      [
        'a percent-encoded resource list',
        `/projects/${PROJECT}/models/${encodeURIComponent(`${MODEL}@${VERSION},${OBJECT}`)}`,
        [OBJECT],
      ],
      ['a legacy object link', `/streams/${PROJECT}/objects/${OBJECT}`, [OBJECT]],
      ['a REST object link', `/objects/${PROJECT}/${OBJECT}/single`, [OBJECT]],
      ['a model version', `/projects/${PROJECT}/models/${MODEL}@${VERSION}`, []],
      ['a folder', `/projects/${PROJECT}/models/$walls%2Fexterior`, []],
      ['all models', `/projects/${PROJECT}/models/all`, []],
      ['a project', `/projects/${PROJECT}`, []],
      ['a legacy commit', `/streams/${PROJECT}/commits/${VERSION}`, []],
    ])('are read from %s', (_, path, objectIds) => {
      const link = parseSpeckleLink(`${APP}${path}`);

      expect(link && linkedObjectIds(link.target)).toEqual(objectIds);
    });
  });

  describe('servers', () => {
    it.each([
      ['a self-hosted server', 'https://speckle.example.org', 'https://speckle.example.org'],
      ['a path prefix', 'https://example.org/tools/speckle', 'https://example.org/tools/speckle'],
      ['a local server', 'http://localhost:3000', 'http://localhost:3000'],
    ])('reads a link on %s', (_, base, expectedBase) => {
      expect(parseSpeckleLink(`${base}/projects/${PROJECT}/models/${MODEL}`)).toMatchObject({
        origin: new URL(base).origin,
        base: expectedBase,
        projectId: PROJECT,
      });
    });

    it('reads a path without a server', () => {
      expect(parseSpeckleLink(`/projects/${PROJECT}/models/${MODEL}`)).toMatchObject({
        origin: null,
        base: null,
        projectId: PROJECT,
      });
    });

    it('reads a link pasted from a sentence or a ticket', () => {
      expect(parseSpeckleLink(`<${APP}/projects/${PROJECT}/models/${MODEL}>.`)).toMatchObject({
        target: { kind: 'resources', resources: [{ kind: 'model', modelId: MODEL }] },
      });
    });

    it.each([`/projects/${PROJECT}/models/${MODEL}`, `/objects/${PROJECT}/${OBJECT}/single`])(
      "reads this app's own link %s, whose server is in ?server=",
      (path) => {
        const server = encodeURIComponent('https://speckle.example.org');
        const link = `https://explorer.example.org${path}?server=${server}`;

        expect(parseSpeckleLink(link)).toMatchObject({
          origin: 'https://speckle.example.org',
          base: 'https://speckle.example.org',
          projectId: PROJECT,
        });
      },
    );

    it.each([
      `app.speckle.systems/projects/${PROJECT}/models/${OBJECT}`,
      `  ${APP}/projects/${PROJECT}/models/${OBJECT}\n`,
      `<${APP}/projects/${PROJECT}/models/${OBJECT}>`,
      `"${APP}/projects/${PROJECT}/models/${OBJECT}"`,
      `'${APP}/projects/${PROJECT}/models/${OBJECT}'`,
      `${APP}/projects/${PROJECT}/models/${OBJECT}.`,
      `${APP}/projects/${PROJECT}/models/${OBJECT}#embed=%7B%22isEnabled%22%3Atrue%7D`,
    ])('reads the link out of %j as pasted from a ticket', (text) => {
      expect(parseSpeckleLink(text)).toEqual({
        ...onApp,
        form: 'viewer',
        target: { kind: 'resources', resources: [{ kind: 'object', objectId: OBJECT }] },
      });
    });

    it('assumes http for a link to the local machine without a scheme', () => {
      expect(parseSpeckleLink(`localhost:3000/objects/${PROJECT}/${OBJECT}`)).toMatchObject({
        origin: 'http://localhost:3000',
        base: 'http://localhost:3000',
      });
    });
  });

  it.each([
    '',
    '   ',
    OBJECT,
    PROJECT,
    'hello',
    `${APP}/`,
    `${APP}/projects/`,
    'https://example.com/some/page',
    'ftp://x.org/projects/a',
    `ftp://app.speckle.systems/objects/${PROJECT}/${OBJECT}`,
    `see ${APP}/projects/${PROJECT}/models/${OBJECT}`,
  ])('finds no Speckle link in %j', (text) => {
    expect(parseSpeckleLink(text)).toBeNull();
  });
});

describe('speckleWebUrl', () => {
  it('links to the object under the web app, prefix kept, and reads back as the same ids', () => {
    const url = speckleWebUrl('https://example.com/speckle', PROJECT, OBJECT);

    expect(url).toBe(`https://example.com/speckle/projects/${PROJECT}/models/${OBJECT}`);
    expect(parseSpeckleLink(url)).toEqual({
      origin: 'https://example.com',
      base: 'https://example.com/speckle',
      projectId: PROJECT,
      form: 'viewer',
      target: { kind: 'resources', resources: [{ kind: 'object', objectId: OBJECT }] },
      lowercased: false,
    });
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

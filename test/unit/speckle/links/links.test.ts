import { describe, expect, it } from 'vitest';
import { parseSpeckleLink, speckleWebUrl } from '../../../../src/speckle/links/links';

const PROJECT = '0123456789';
const OBJECT = '0123456789abcdef0123456789abcdef';
const OTHER_OBJECT = 'fedcba9876543210fedcba9876543210';
const APP = 'https://app.speckle.systems';

const onApp = { origin: APP, base: APP, projectId: PROJECT };

describe('parseSpeckleLink', () => {
  describe('web app viewer links', () => {
    it('reads an object id from the resource list', () => {
      expect(parseSpeckleLink(`${APP}/projects/${PROJECT}/models/${OBJECT}`)).toEqual({
        kind: 'object',
        ...onApp,
        objectId: OBJECT,
        objectIds: [OBJECT],
        single: false,
        lowercased: false,
      });
    });

    it('returns every object id of a resource list, the first as the object', () => {
      const resources = `${OBJECT},abcdef0123@9876543210,${OTHER_OBJECT.toUpperCase()}`;
      expect(parseSpeckleLink(`${APP}/projects/${PROJECT}/models/${resources}`)).toMatchObject({
        kind: 'object',
        objectId: OBJECT,
        objectIds: [OBJECT, OTHER_OBJECT],
        lowercased: true,
      });
    });

    it.each([
      ['after a model and version', `abcdef0123@9876543210,${OBJECT},${OTHER_OBJECT}`],
      ['percent-encoded', encodeURIComponent(`abcdef0123@9876543210,${OBJECT}`)],
      ['with the separator alone encoded', `abcdef0123%2C${OBJECT}`],
    ])('takes the first object id of a resource list %s', (_, resources) => {
      expect(parseSpeckleLink(`${APP}/projects/${PROJECT}/models/${resources}`)).toMatchObject({
        kind: 'object',
        objectId: OBJECT,
      });
    });

    it('ignores the view state after #', () => {
      const link = `${APP}/projects/${PROJECT}/models/${OBJECT}#embed=%7B%22isEnabled%22%3Atrue%7D`;

      expect(parseSpeckleLink(link)).toMatchObject({ kind: 'object', objectId: OBJECT });
    });

    it.each([
      ['abcdef0123@9876543210', 'a model version'],
      ['abcdef0123', 'a model'],
      ['$walls%2Fexterior', 'a folder of models'],
      ['all', 'all models of a project'],
    ])('explains that %j cannot be fetched', (resources, what) => {
      expect(parseSpeckleLink(`${APP}/projects/${PROJECT}/models/${resources}`)).toEqual({
        kind: 'unfetchable',
        ...onApp,
        reason:
          `This link points to ${what}, not to an object. These endpoints fetch objects by id ` +
          'only: finding its object ids needs Speckle’s GraphQL API. Paste an object id ' +
          '(32 characters) or a link to an object.',
      });
    });

    it.each([`${APP}/projects/${PROJECT}`, `${APP}/projects/${PROJECT}/models`])(
      'explains that the project link %s cannot be fetched',
      (link) => {
        expect(parseSpeckleLink(link)).toMatchObject({
          kind: 'unfetchable',
          projectId: PROJECT,
          reason: expect.stringMatching(/^This link points to a project, not to an object\./),
        });
      },
    );
  });

  describe('legacy web app links', () => {
    it('reads an object link', () => {
      expect(parseSpeckleLink(`https://speckle.xyz/streams/${PROJECT}/objects/${OBJECT}`)).toEqual({
        kind: 'object',
        origin: 'https://speckle.xyz',
        base: 'https://speckle.xyz',
        projectId: PROJECT,
        objectId: OBJECT,
        objectIds: [OBJECT],
        single: false,
        lowercased: false,
      });
    });

    it.each([
      ['commits/9876543210', 'a version (commit)'],
      ['branches/main', 'a model (branch)'],
      ['', 'a project'],
    ])('explains that streams/…/%s cannot be fetched', (rest, what) => {
      expect(parseSpeckleLink(`https://speckle.xyz/streams/${PROJECT}/${rest}`)).toMatchObject({
        kind: 'unfetchable',
        projectId: PROJECT,
        reason: expect.stringContaining(`This link points to ${what}, not to an object.`),
      });
    });
  });

  describe('REST object links', () => {
    it.each([
      [`${APP}/objects/${PROJECT}/${OBJECT}`, false],
      [`${APP}/objects/${PROJECT}/${OBJECT}/`, false],
      [`${APP}/objects/${PROJECT}/${OBJECT}/single`, true],
    ])('reads %s', (link, single) => {
      expect(parseSpeckleLink(link)).toEqual({
        kind: 'object',
        ...onApp,
        objectId: OBJECT,
        objectIds: [OBJECT],
        single,
        lowercased: false,
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
  });

  describe("this app's own links", () => {
    it('takes the server from ?server=', () => {
      const server = encodeURIComponent('https://speckle.example.com');
      const link = `https://explorer.example.org/objects/${PROJECT}/${OBJECT}/single?server=${server}`;

      expect(parseSpeckleLink(link)).toMatchObject({
        kind: 'object',
        origin: 'https://speckle.example.com',
        base: 'https://speckle.example.com',
        single: true,
      });
    });

    it('reads a path without a host', () => {
      expect(parseSpeckleLink(`/objects/${PROJECT}/${OBJECT}`)).toEqual({
        kind: 'object',
        origin: null,
        base: null,
        projectId: PROJECT,
        objectId: OBJECT,
        objectIds: [OBJECT],
        single: false,
        lowercased: false,
      });
    });
  });

  it('lowercases ids, as Speckle does, and says so', () => {
    const link = `${APP}/projects/${PROJECT}/models/${OBJECT.toUpperCase()}`;

    expect(parseSpeckleLink(link)).toMatchObject({
      projectId: PROJECT,
      objectId: OBJECT,
      lowercased: true,
    });
    expect(parseSpeckleLink(`${APP}/objects/ABCDEF0123/${OBJECT}`)).toMatchObject({
      projectId: 'abcdef0123',
      lowercased: true,
    });
  });

  it.each([
    `app.speckle.systems/projects/${PROJECT}/models/${OBJECT}`,
    `  ${APP}/projects/${PROJECT}/models/${OBJECT}\n`,
    `<${APP}/projects/${PROJECT}/models/${OBJECT}>`,
    `"${APP}/projects/${PROJECT}/models/${OBJECT}"`,
    `'${APP}/projects/${PROJECT}/models/${OBJECT}'`,
    `${APP}/projects/${PROJECT}/models/${OBJECT}.`,
  ])('reads the link out of %j as pasted from a ticket', (text) => {
    expect(parseSpeckleLink(text)).toMatchObject({
      kind: 'object',
      origin: APP,
      projectId: PROJECT,
      objectId: OBJECT,
    });
  });

  it('assumes http for a link to the local machine without a scheme', () => {
    expect(parseSpeckleLink(`localhost:3000/objects/${PROJECT}/${OBJECT}`)).toMatchObject({
      origin: 'http://localhost:3000',
      base: 'http://localhost:3000',
    });
  });

  it.each([
    '',
    '   ',
    OBJECT,
    PROJECT,
    'hello',
    'https://app.speckle.systems',
    'https://example.com/some/page',
    'ftp://app.speckle.systems/objects/0123456789/0123456789abcdef0123456789abcdef',
    `see ${APP}/projects/${PROJECT}/models/${OBJECT}`,
  ])('returns null for %j, which is not a Speckle link', (text) => {
    expect(parseSpeckleLink(text)).toBeNull();
  });
});

describe('speckleWebUrl', () => {
  it('links to the object under the web app, prefix kept, and reads back as the same ids', () => {
    const url = speckleWebUrl('https://example.com/speckle', 'a1b2c3d4e5', 'f'.repeat(32));

    expect(url).toBe(`https://example.com/speckle/projects/a1b2c3d4e5/models/${'f'.repeat(32)}`);
    expect(parseSpeckleLink(url)).toMatchObject({
      kind: 'object',
      base: 'https://example.com/speckle',
      projectId: 'a1b2c3d4e5',
      objectId: 'f'.repeat(32),
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  compareRoutePath,
  formFields,
  isNewLookup,
  lookupKey,
  modelVersionsPath,
  objectRoutePath,
  projectPath,
  readAddress,
  rootRoutePath,
  showingPath,
  shownObject,
  speckleRoutePath,
  type Address,
} from '../../../src/routes/address';

const PROJECT = 'cccccccccc';
const MODEL = 'aaaaaaaaaa';
const VERSION = 'bbbbbbbbbb';
const OBJECT = '0123456789abcdef0123456789abcdef';
const OTHER = 'fedcba9876543210fedcba9876543210';
const SERVER = 'https://s.example/x';
const SERVER_QUERY = `server=${encodeURIComponent(SERVER)}`;

/** Reads an app address as the router's location holds it: its path, and its query. */
function read(address: string): Address {
  const [pathname = '', search = ''] = address.split(/(?=\?)/);
  return readAddress(pathname, search);
}

const object = (id: string) => ({ kind: 'object' as const, objectId: id });

describe('readAddress', () => {
  it.each<[string, string, Address]>([
    [
      'an object with its children',
      `/objects/${PROJECT}/${OBJECT}`,
      {
        kind: 'object',
        projectId: PROJECT,
        objectId: OBJECT,
        mode: 'children',
        server: null,
        shownId: null,
      },
    ],
    [
      'an object alone, on a named server, showing another object',
      `/objects/${PROJECT}/${OBJECT}/single?${SERVER_QUERY}&object=${OTHER}`,
      {
        kind: 'object',
        projectId: PROJECT,
        objectId: OBJECT,
        mode: 'single',
        server: SERVER,
        shownId: OTHER,
      },
    ],
    [
      'ids with an escaped slash, decoded once',
      '/objects/a%252Fb/c%2Fd/',
      {
        kind: 'object',
        projectId: 'a%2Fb',
        objectId: 'c/d',
        mode: 'children',
        server: null,
        shownId: null,
      },
    ],
    [
      'a viewer link to model@version',
      `/projects/${PROJECT}/models/${MODEL}@${VERSION}?${SERVER_QUERY}&object=${OTHER}`,
      {
        kind: 'link',
        link: {
          projectId: PROJECT,
          target: {
            kind: 'resources',
            resources: [{ kind: 'version', modelId: MODEL, versionId: VERSION }],
          },
        },
        form: 'viewer',
        mode: 'children',
        server: SERVER,
        shownId: OTHER,
      },
    ],
    [
      'a viewer link to an object, for Get object',
      `/projects/${PROJECT}/models/${OBJECT}?mode=single`,
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'resources', resources: [object(OBJECT)] } },
        form: 'viewer',
        mode: 'single',
        server: null,
        shownId: null,
      },
    ],
    [
      'a project',
      `/projects/${PROJECT}?${SERVER_QUERY}`,
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'project' } },
        form: 'viewer',
        mode: 'children',
        server: SERVER,
        shownId: null,
      },
    ],
    [
      "a model's versions",
      `/projects/${PROJECT}/models/${MODEL}/versions`,
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'model-versions', modelId: MODEL } },
        form: 'viewer',
        mode: 'children',
        server: null,
        shownId: null,
      },
    ],
    [
      'a legacy commit',
      `/streams/${PROJECT}/commits/${VERSION}`,
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'version', versionId: VERSION } },
        form: 'legacy',
        mode: 'children',
        server: null,
        shownId: null,
      },
    ],
    [
      'a legacy object',
      `/streams/${PROJECT}/objects/${OBJECT}?mode=children`,
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'resources', resources: [object(OBJECT)] } },
        form: 'legacy',
        mode: 'children',
        server: null,
        shownId: null,
      },
    ],
    [
      "an embedded object, whose object= is the link's own",
      `/embed?stream=${PROJECT}&object=${OBJECT}&${SERVER_QUERY}`,
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'resources', resources: [object(OBJECT)] } },
        form: 'embed',
        mode: 'children',
        server: SERVER,
        shownId: null,
      },
    ],
    [
      'an embedded branch',
      `/embed?stream=${PROJECT}&branch=a%20b%2Fc`,
      {
        kind: 'link',
        link: {
          projectId: PROJECT,
          target: { kind: 'model-name', name: 'a b/c', opens: 'viewer' },
        },
        form: 'embed',
        mode: 'children',
        server: null,
        shownId: null,
      },
    ],
    [
      'a link route naming no project',
      `/projects/?${SERVER_QUERY}`,
      { kind: 'unreadable-link', unknownMode: null, server: SERVER },
    ],
    [
      'an embed without its stream',
      `/embed?commit=${VERSION}`,
      { kind: 'unreadable-link', unknownMode: null, server: null },
    ],
    [
      'a link route asking for a mode there is none of',
      `/projects/${PROJECT}/models/${MODEL}?mode=Single`,
      { kind: 'unreadable-link', unknownMode: 'Single', server: null },
    ],
    [
      'a comparison',
      `/compare/${PROJECT}/${MODEL}@${VERSION}/${OBJECT}?${SERVER_QUERY}&toProject=dddddddddd`,
      {
        kind: 'compare',
        projectId: PROJECT,
        fromId: `${MODEL}@${VERSION}`,
        toId: OBJECT,
        toProjectId: 'dddddddddd',
        server: SERVER,
      },
    ],
    [
      "a comparison with an escaped @, in the first side's project",
      `/compare/${PROJECT}/${MODEL}%40${VERSION}/${MODEL}/`,
      {
        kind: 'compare',
        projectId: PROJECT,
        fromId: `${MODEL}@${VERSION}`,
        toId: MODEL,
        toProjectId: PROJECT,
        server: null,
      },
    ],
    [
      'the opened files, showing an object',
      `/files?object=${OBJECT}`,
      { kind: 'files', shownId: OBJECT, server: null },
    ],
    ['the start page', `/?${SERVER_QUERY}`, { kind: 'home', server: SERVER }],
    [
      'an object route without its object',
      `/objects/${PROJECT}`,
      { kind: 'unknown', server: null },
    ],
    [
      'an object route with more after it',
      `/objects/${PROJECT}/${OBJECT}/children`,
      { kind: 'unknown', server: null },
    ],
    [
      'an object route with a malformed escape',
      `/objects/${PROJECT}/%zz`,
      { kind: 'unknown', server: null },
    ],
    [
      'a comparison with one side',
      `/compare/${PROJECT}/${OBJECT}`,
      { kind: 'unknown', server: null },
    ],
    ['a path the app has no page for', '/about', { kind: 'unknown', server: null }],
  ])('reads %s', (_, address, expected) => {
    expect(read(address)).toEqual(expected);
  });
});

describe('the builders', () => {
  // Each is read back as the value it was built from.
  it.each<[string, string, Address]>([
    [
      'an object route',
      objectRoutePath(
        { projectId: PROJECT, objectId: OBJECT, mode: 'single', server: SERVER },
        OTHER,
      ),
      {
        kind: 'object',
        projectId: PROJECT,
        objectId: OBJECT,
        mode: 'single',
        server: SERVER,
        shownId: OTHER,
      },
    ],
    [
      "a version's root, by model@version",
      rootRoutePath(
        PROJECT,
        { modelId: MODEL, versionId: VERSION, objectId: OBJECT },
        null,
        'children',
      ),
      {
        kind: 'link',
        link: {
          projectId: PROJECT,
          target: {
            kind: 'resources',
            resources: [{ kind: 'version', modelId: MODEL, versionId: VERSION }],
          },
        },
        form: 'viewer',
        mode: 'children',
        server: null,
        shownId: null,
      },
    ],
    [
      'an object root, by its id',
      rootRoutePath(
        PROJECT,
        { modelId: null, versionId: null, objectId: OBJECT },
        SERVER,
        'single',
      ),
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'resources', resources: [object(OBJECT)] } },
        form: 'viewer',
        mode: 'single',
        server: SERVER,
        shownId: null,
      },
    ],
    [
      'a project',
      projectPath(PROJECT, SERVER),
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'project' } },
        form: 'viewer',
        mode: 'children',
        server: SERVER,
        shownId: null,
      },
    ],
    [
      "a model's versions",
      modelVersionsPath(PROJECT, MODEL, null),
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'model-versions', modelId: MODEL } },
        form: 'viewer',
        mode: 'children',
        server: null,
        shownId: null,
      },
    ],
    [
      "a project's newest version",
      speckleRoutePath(PROJECT, { kind: 'latest-version' }, SERVER, 'single'),
      {
        kind: 'link',
        link: { projectId: PROJECT, target: { kind: 'latest-version' } },
        form: 'embed',
        mode: 'single',
        server: SERVER,
        shownId: null,
      },
    ],
    [
      'a comparison across projects',
      compareRoutePath({
        projectId: 'p1',
        fromId: OBJECT,
        toId: OTHER,
        toProjectId: 'p2',
        server: SERVER,
      }),
      {
        kind: 'compare',
        projectId: 'p1',
        fromId: OBJECT,
        toId: OTHER,
        toProjectId: 'p2',
        server: SERVER,
      },
    ],
  ])('write %s', (_, path, expected) => {
    expect(read(path)).toEqual(expected);
  });

  it('write each address in the form the web app writes it', () => {
    expect(
      rootRoutePath(
        PROJECT,
        { modelId: MODEL, versionId: VERSION, objectId: OBJECT },
        null,
        'children',
      ),
    ).toBe(`/projects/${PROJECT}/models/${MODEL}@${VERSION}`);
    expect(
      rootRoutePath(
        PROJECT,
        { modelId: null, versionId: null, objectId: OBJECT },
        SERVER,
        'single',
      ),
    ).toBe(`/projects/${PROJECT}/models/${OBJECT}?${SERVER_QUERY}&mode=single`);
    expect(
      compareRoutePath({
        projectId: PROJECT,
        fromId: `${MODEL}@${VERSION}`,
        toId: MODEL,
        toProjectId: PROJECT,
        server: null,
      }),
    ).toBe(`/compare/${PROJECT}/${MODEL}@${VERSION}/${MODEL}`);
  });

  // Each keeps its web app form, so that it is read back as the same target.
  it.each([
    ['a legacy branch, on its versions', `/streams/${PROJECT}/branches/a%20b%2Fc`, 'versions'],
    ['an embedded branch, in the viewer', `/embed?stream=${PROJECT}&branch=a%20b%2Fc`, 'viewer'],
  ] as const)('write %s as the web app does', (_, path, opens) => {
    const target = { kind: 'model-name', name: 'a b/c', opens } as const;

    expect(speckleRoutePath(PROJECT, target, null)).toBe(path);
    expect(read(path)).toMatchObject({ kind: 'link', link: { target } });
  });
});

describe('one lookup, whatever is shown within it', () => {
  it('has one key, and moving within it is no new lookup', () => {
    const root = `/objects/${PROJECT}/${OBJECT}`;
    const within = showingPath({ pathname: root, search: `?${SERVER_QUERY}` }, OTHER);

    expect(within).toBe(`${root}?${SERVER_QUERY}&object=${OTHER}`);
    expect(shownObject(read(within))).toBe(OTHER);
    expect(lookupKey(read(within))).toBe(lookupKey(read(`${root}?${SERVER_QUERY}`)));
    const url = (path: string) => new URL(path, 'http://localhost');
    expect(isNewLookup({ currentUrl: url(root), nextUrl: url(`${root}?object=${OTHER}`) })).toBe(
      false,
    );
    expect(isNewLookup({ currentUrl: url(root), nextUrl: url(`${root}/single`) })).toBe(true);
    expect(isNewLookup({ currentUrl: url(root), nextUrl: url(`${root}?${SERVER_QUERY}`) })).toBe(
      true,
    );
  });

  it('goes back to the root without its object=', () => {
    expect(showingPath({ pathname: '/files', search: `?object=${OBJECT}` }, null)).toBe('/files');
  });
});

describe('formFields', () => {
  it.each<[string, string, { projectId: string; objectId: string } | null]>([
    [
      'an object route',
      `/objects/${PROJECT}/${OBJECT}/single`,
      { projectId: PROJECT, objectId: OBJECT },
    ],
    [
      "a viewer route's resources",
      `/projects/${PROJECT}/models/${MODEL}@${VERSION}`,
      { projectId: PROJECT, objectId: `${MODEL}@${VERSION}` },
    ],
    ['not a legacy route', `/streams/${PROJECT}/objects/${OBJECT}`, null],
    ['not a project', `/projects/${PROJECT}`, null],
    ['not a comparison', `/compare/${PROJECT}/${OBJECT}/${OTHER}`, null],
  ])('fill the lookup form from %s', (_, address, fields) => {
    expect(formFields(read(address))).toEqual(fields);
  });
});

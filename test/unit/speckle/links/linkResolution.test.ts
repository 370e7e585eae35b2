import { describe, expect, it } from 'vitest';
import {
  fallbackLookups,
  planLinkLookup,
  readViewerAnswer,
  versionOutcome,
} from '../../../../src/speckle/links/linkResolution';
import { parseSpeckleLink, parseViewerResources } from '../../../../src/speckle/links/speckleLink';

const APP = 'https://app.speckle.systems';
const PROJECT = '4f7e2b9a1c';
const MODEL = '0be2983f2b';
const OTHER_MODEL = '718adf0d31';
const VERSION = '286bd88656';
const OBJECT = 'fc1c8b6a5990bc18a2541a701abae1c0';
const OTHER_OBJECT = '7238c0e0bbd1bafbe1a287aa7fc88619';

function plan(path: string) {
  const link = parseSpeckleLink(`${APP}${path}`);
  if (!link) throw new Error(`not a link: ${path}`);
  return planLinkLookup(link);
}

describe('planLinkLookup', () => {
  it('asks viewerResourcesExtended once for a viewer link, with the model ids to check', () => {
    expect(
      plan(`/projects/${PROJECT}/models/${MODEL},${OTHER_MODEL}@${VERSION},${OBJECT},all,$a%2Fb`),
    ).toEqual({
      kind: 'viewer-resources',
      resourceIdString: `${MODEL},${OTHER_MODEL}@${VERSION},${OBJECT},all,$a/b`,
      modelIds: [MODEL, OTHER_MODEL],
    });
  });

  it('asks the same for a legacy object link and an embedded object', () => {
    const expected = { kind: 'viewer-resources', resourceIdString: OBJECT, modelIds: [] };

    expect(plan(`/streams/${PROJECT}/objects/${OBJECT}`)).toEqual(expected);
    expect(plan(`/embed?stream=${PROJECT}&object=${OBJECT}`)).toEqual(expected);
  });

  it.each([
    [`/streams/${PROJECT}/commits/${VERSION}`, { kind: 'version', versionId: VERSION }],
    [`/embed?stream=${PROJECT}&commit=${VERSION}`, { kind: 'version', versionId: VERSION }],
    [
      `/streams/${PROJECT}/branches/a%2Fb`,
      { kind: 'model-by-name', name: 'a/b', opens: 'versions' },
    ],
    [
      `/embed?stream=${PROJECT}&branch=main`,
      { kind: 'model-by-name', name: 'main', opens: 'viewer' },
    ],
    [`/embed?stream=${PROJECT}`, { kind: 'latest-version' }],
  ])('asks one lookup for %s', (path, expected) => {
    expect(plan(path)).toEqual(expected);
  });

  it.each([
    [`/projects/${PROJECT}`, { kind: 'project' }],
    [`/streams/${PROJECT}`, { kind: 'project' }],
    [`/projects/${PROJECT}/models/${MODEL}/versions`, { kind: 'model-versions', modelId: MODEL }],
  ])('asks nothing for %s', (path, outcome) => {
    expect(plan(path)).toEqual({ kind: 'none', outcome });
  });
});

describe('readViewerAnswer', () => {
  // Nothing known of any model or version: each is one the server does not have.
  const NO_FACTS = { models: new Map(), versions: new Map() };

  const item = (modelId: string | null, versionId: string | null, objectId: string | null) => ({
    modelId,
    versionId,
    objectId,
  });

  it('gives the root of each group, in the server’s order, and names the entries that matched nothing', () => {
    const resources = parseViewerResources(`${MODEL},ffffffffff,${OBJECT}`);

    const outcome = readViewerAnswer(
      resources,
      {
        groups: [
          { identifier: OBJECT, items: [item(null, null, OBJECT)] },
          { identifier: MODEL, items: [item(MODEL, VERSION, OTHER_OBJECT)] },
        ],
        projectModelIds: [MODEL],
      },
      NO_FACTS,
    );

    expect(outcome).toEqual({
      kind: 'roots',
      roots: [
        { identifier: OBJECT, modelId: null, versionId: null, objectId: OBJECT },
        { identifier: MODEL, modelId: MODEL, versionId: VERSION, objectId: OTHER_OBJECT },
      ],
      unmatched: [
        {
          kind: 'no-model',
          identifier: 'ffffffffff',
          modelId: 'ffffffffff',
          versionId: null,
          triedAsVersion: false,
        },
      ],
      withheld: [],
    });
  });

  it('offers a version once when `all` and its model both name it', () => {
    const outcome = readViewerAnswer(
      parseViewerResources(`all,${MODEL}`),
      {
        groups: [
          {
            identifier: 'all',
            items: [item(MODEL, VERSION, OBJECT), item(OTHER_MODEL, 'aaaaaaaaaa', OTHER_OBJECT)],
          },
          { identifier: MODEL, items: [item(MODEL, VERSION, OBJECT)] },
        ],
        projectModelIds: [MODEL],
      },
      NO_FACTS,
    );

    expect(outcome).toMatchObject({
      kind: 'roots',
      roots: [{ objectId: OBJECT }, { objectId: OTHER_OBJECT }],
    });
  });

  it('refuses a model of another project, though the server resolved it', () => {
    const outcome = readViewerAnswer(
      parseViewerResources(`${MODEL},${OTHER_MODEL}`),
      {
        groups: [
          { identifier: MODEL, items: [item(MODEL, VERSION, OBJECT)] },
          { identifier: OTHER_MODEL, items: [item(OTHER_MODEL, 'aaaaaaaaaa', OTHER_OBJECT)] },
        ],
        projectModelIds: [MODEL],
      },
      NO_FACTS,
    );

    expect(outcome).toEqual({ kind: 'other-project', modelIds: [OTHER_MODEL] });
  });

  it('says which entries matched nothing when none did', () => {
    const outcome = readViewerAnswer(
      parseViewerResources(`ffffffffff,$nothing`),
      {
        groups: [],
        projectModelIds: [],
      },
      NO_FACTS,
    );

    expect(outcome).toMatchObject({
      kind: 'nothing-matched',
      unmatched: [
        { kind: 'no-model', modelId: 'ffffffffff' },
        { kind: 'no-model-with-versions', prefix: 'nothing' },
      ],
    });
  });

  it('reports withheld versions apart, and as the outcome when nothing else resolved', () => {
    const withheld = { identifier: `${MODEL}@${VERSION}`, items: [item(MODEL, VERSION, null)] };

    expect(
      readViewerAnswer(
        parseViewerResources(`${MODEL}@${VERSION}`),
        {
          groups: [withheld],
          projectModelIds: [MODEL],
        },
        NO_FACTS,
      ),
    ).toEqual({
      kind: 'withheld',
      withheld: [{ identifier: `${MODEL}@${VERSION}`, modelId: MODEL, versionId: VERSION }],
    });
    expect(
      readViewerAnswer(
        parseViewerResources(`${MODEL}@${VERSION},${OBJECT}`),
        {
          groups: [{ identifier: OBJECT, items: [item(null, null, OBJECT)] }, withheld],
          projectModelIds: [MODEL],
        },
        NO_FACTS,
      ),
    ).toMatchObject({
      kind: 'roots',
      roots: [{ objectId: OBJECT }],
      withheld: [{ versionId: VERSION }],
    });
  });
});

describe('versionOutcome', () => {
  it('opens a version’s root, or says it is withheld', () => {
    const model = { id: MODEL };

    expect(versionOutcome(VERSION, { id: VERSION, referencedObject: OBJECT, model })).toEqual({
      kind: 'roots',
      roots: [{ identifier: VERSION, modelId: MODEL, versionId: VERSION, objectId: OBJECT }],
      unmatched: [],
      withheld: [],
    });
    expect(versionOutcome(VERSION, { id: VERSION, referencedObject: null, model })).toEqual({
      kind: 'withheld',
      withheld: [{ identifier: VERSION, modelId: MODEL, versionId: VERSION }],
    });
  });
});

describe('fallbackLookups', () => {
  it('asks about each entry on its own', () => {
    expect(
      fallbackLookups(
        parseViewerResources(`${MODEL},${OTHER_MODEL}@${VERSION},${OBJECT},all,$a/b`),
      ),
    ).toEqual([
      { kind: 'newest-version', identifier: MODEL, modelId: MODEL },
      {
        kind: 'model-version',
        identifier: `${OTHER_MODEL}@${VERSION}`,
        modelId: OTHER_MODEL,
        versionId: VERSION,
      },
      { kind: 'object', identifier: OBJECT, objectId: OBJECT },
      { kind: 'models', identifier: 'all', prefix: '' },
      { kind: 'models', identifier: '$a/b', prefix: 'a/b' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  explainMissing,
  missingFactsToAsk,
  notAVersionEither,
  versionNotInProject,
  type MissingFacts,
} from '../../../../src/speckle/links/missingEntries';
import {
  parseViewerResources,
  type ViewerResource,
} from '../../../../src/speckle/links/speckleLink';

const MODEL = '0be2983f2b';
const OTHER_MODEL = '718adf0d31';
const VERSION = '286bd88656';
const OBJECT = 'fc1c8b6a5990bc18a2541a701abae1c0';

const main = { id: MODEL, name: 'main' };
const levels = { id: OTHER_MODEL, name: 'structure/levels' };

function one(text: string): ViewerResource {
  const [resource] = parseViewerResources(text);
  if (!resource) throw new Error(`no resource in ${text}`);
  return resource;
}

function facts(
  models: { id: string; name: string }[],
  versions: [string, { id: string; name: string }][] = [],
): MissingFacts {
  return {
    models: new Map(models.map((model) => [model.id, model])),
    versions: new Map(versions.map(([id, model]) => [id, { model }])),
  };
}

describe('missingFactsToAsk', () => {
  it('asks for each model and version the entries name, once; objects, all and folders need none', () => {
    const resources = parseViewerResources(
      `${MODEL},${MODEL}@${VERSION},${OTHER_MODEL}@${VERSION},${OBJECT},all,$a`,
    );

    expect(missingFactsToAsk(resources)).toEqual({
      modelIds: [MODEL, OTHER_MODEL],
      versionIds: [VERSION],
    });
  });
});

describe('explainMissing', () => {
  it('(a) a version id the project does not have, in a model it has', () => {
    expect(explainMissing(one(`${MODEL}@${VERSION}`), facts([main]))).toEqual({
      kind: 'no-version',
      identifier: `${MODEL}@${VERSION}`,
      model: main,
      versionId: VERSION,
    });
  });

  it('(b) a version made in another model than the link says, whether or not that model exists', () => {
    const expected = {
      kind: 'version-of-other-model',
      identifier: `${MODEL}@${VERSION}`,
      modelId: MODEL,
      versionId: VERSION,
      owner: levels,
    };

    expect(explainMissing(one(`${MODEL}@${VERSION}`), facts([main], [[VERSION, levels]]))).toEqual(
      expected,
    );
    expect(explainMissing(one(`${MODEL}@${VERSION}`), facts([], [[VERSION, levels]]))).toEqual(
      expected,
    );
  });

  it('(c) a model of the project that matched nothing: it has no versions yet', () => {
    expect(explainMissing(one(MODEL), facts([main]))).toEqual({
      kind: 'no-versions-yet',
      identifier: MODEL,
      model: main,
    });
  });

  it('(d) a model the project does not have, alone or with a version', () => {
    expect(explainMissing(one(MODEL), facts([levels]))).toEqual({
      kind: 'no-model',
      identifier: MODEL,
      modelId: MODEL,
      versionId: null,
      triedAsVersion: false,
    });
    expect(explainMissing(one(`${MODEL}@${VERSION}`), facts([]))).toEqual({
      kind: 'no-model',
      identifier: `${MODEL}@${VERSION}`,
      modelId: MODEL,
      versionId: VERSION,
      triedAsVersion: false,
    });
  });

  it('an object the project does not store, and all models or a folder without versions', () => {
    expect(explainMissing(one(OBJECT), facts([]))).toEqual({
      kind: 'no-object',
      identifier: OBJECT,
      objectId: OBJECT,
    });
    expect(explainMissing(one('all'), facts([]))).toEqual({
      kind: 'no-model-with-versions',
      identifier: 'all',
      prefix: null,
    });
    expect(explainMissing(one('$structure'), facts([]))).toEqual({
      kind: 'no-model-with-versions',
      identifier: '$structure',
      prefix: 'structure',
    });
  });
});

describe('versionNotInProject', () => {
  it('names the version, which is its own identifier', () => {
    expect(versionNotInProject(VERSION)).toEqual({
      kind: 'no-version-in-project',
      identifier: VERSION,
      versionId: VERSION,
    });
  });
});

describe('notAVersionEither', () => {
  it('marks a lone model id that was no version either, and nothing else', () => {
    const lone = explainMissing(one(MODEL), facts([]));
    const withVersion = explainMissing(one(`${MODEL}@${VERSION}`), facts([]));
    const empty = explainMissing(one(OTHER_MODEL), facts([levels]));

    expect(notAVersionEither([lone, withVersion, empty])).toEqual([
      { ...lone, triedAsVersion: true },
      withVersion,
      empty,
    ]);
  });
});

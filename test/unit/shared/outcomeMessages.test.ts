import { describe, expect, it } from 'vitest';
import { missingEntryMessage, missingEntryStep } from '../../../src/shared/outcomeMessages';
import type { MissingEntry } from '../../../src/speckle/links/missingEntries';

const PROJECT = '66731ca524';
const MODEL = '0be2983f2b';
const OTHER_MODEL = '718adf0d31';
const VERSION = '286bd88656';
const OBJECT = 'fc1c8b6a5990bc18a2541a701abae1c0';
const main = { id: MODEL, name: 'main' };
const levels = { id: OTHER_MODEL, name: 'structure/levels' };
const PROJECT_MODELS = {
  label: `Open the models of project ${PROJECT}`,
  target: { kind: 'project' as const },
};

describe('what an entry that matched nothing says, and the next step it offers', () => {
  it.each<[string, MissingEntry, string, ReturnType<typeof missingEntryStep>]>([
    [
      'a version id that does not exist',
      { kind: 'no-version', identifier: `${MODEL}@${VERSION}`, model: main, versionId: VERSION },
      `Version ${VERSION} does not exist in model “main” (${MODEL}) of project ${PROJECT}.`,
      {
        label: 'Open the versions of model main',
        target: { kind: 'model-versions', modelId: MODEL },
      },
    ],
    [
      'a version id named without a model (a legacy commit) that does not exist',
      { kind: 'no-version-in-project', identifier: VERSION, versionId: VERSION },
      `Version ${VERSION} does not exist in project ${PROJECT}.`,
      PROJECT_MODELS,
    ],
    [
      'a version of another model',
      {
        kind: 'version-of-other-model',
        identifier: `${MODEL}@${VERSION}`,
        modelId: MODEL,
        versionId: VERSION,
        owner: levels,
      },
      `Version ${VERSION} belongs to model “structure/levels” (${OTHER_MODEL}), not to model ${MODEL}.`,
      {
        label: `Open version ${VERSION} in model structure/levels`,
        target: {
          kind: 'resources',
          resources: [{ kind: 'version', modelId: OTHER_MODEL, versionId: VERSION }],
        },
      },
    ],
    [
      'a model without versions',
      { kind: 'no-versions-yet', identifier: MODEL, model: main },
      `Model “main” (${MODEL}) has no versions yet: there is no root object to open.`,
      PROJECT_MODELS,
    ],
    [
      'a model that does not exist',
      {
        kind: 'no-model',
        identifier: MODEL,
        modelId: MODEL,
        versionId: null,
        triedAsVersion: false,
      },
      `Model ${MODEL} does not exist in project ${PROJECT}.`,
      PROJECT_MODELS,
    ],
    [
      'a model that does not exist, with a version',
      {
        kind: 'no-model',
        identifier: `${MODEL}@${VERSION}`,
        modelId: MODEL,
        versionId: VERSION,
        triedAsVersion: false,
      },
      `Model ${MODEL} does not exist in project ${PROJECT}, and version ${VERSION} is none of its versions.`,
      PROJECT_MODELS,
    ],
    [
      'a lone id that is no model and no version',
      {
        kind: 'no-model',
        identifier: MODEL,
        modelId: MODEL,
        versionId: null,
        triedAsVersion: true,
      },
      `Project ${PROJECT} has no model and no version with the id ${MODEL}.`,
      PROJECT_MODELS,
    ],
    [
      'a model named by a legacy or embedded branch that does not exist',
      { kind: 'no-model-named', identifier: 'structure/roof', name: 'structure/roof' },
      `Project ${PROJECT} has no model named “structure/roof”.`,
      PROJECT_MODELS,
    ],
    [
      'an object the project does not store',
      { kind: 'no-object', identifier: OBJECT, objectId: OBJECT },
      `Object ${OBJECT} is not stored in project ${PROJECT}.`,
      null,
    ],
    [
      'all models, none with a version',
      { kind: 'no-model-with-versions', identifier: 'all', prefix: null },
      `No model of project ${PROJECT} has a version yet.`,
      PROJECT_MODELS,
    ],
    [
      'a folder, no model with a version',
      { kind: 'no-model-with-versions', identifier: '$structure', prefix: 'structure' },
      `No model of project ${PROJECT} whose name starts with “structure” has a version.`,
      PROJECT_MODELS,
    ],
  ])('%s', (_, entry, message, step) => {
    expect(missingEntryMessage(PROJECT, entry)).toBe(message);
    expect(missingEntryStep(PROJECT, entry)).toEqual(step);
  });
});

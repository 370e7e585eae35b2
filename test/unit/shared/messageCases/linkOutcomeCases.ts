/**
 * A link's outcomes that open nothing or less than it named (outcomeMessages.ts): each entry that
 * matched nothing says why, and the outcomes that refuse the whole link.
 */
import {
  failedOutcomeMessage,
  missingEntryMessage,
  nothingToOpenMessage,
} from '../../../../src/shared/outcomeMessages';
import type { LinkOutcome } from '../../../../src/speckle/links/linkResolution';
import type { MissingEntry } from '../../../../src/speckle/links/missingEntries';
import { MODEL, OBJECT, PROJECT, VERSION, type MessageCase } from './messageCase';

function outcome(value: LinkOutcome): string {
  return failedOutcomeMessage(PROJECT, value) ?? 'no message';
}

function missing(entry: MissingEntry): string {
  return missingEntryMessage(PROJECT, entry);
}

const BUILDING = { id: MODEL, name: 'structure/building' };
const OTHER_MODEL = { id: '3333333333', name: 'site' };

export const MISSING_ENTRY_CASES: Record<MissingEntry['kind'], MessageCase[]> = {
  'no-version': [
    {
      name: 'a version the model does not have',
      expected:
        'Version fedcba9876 does not exist in model “structure/building” (abcdef0123) of project 0123456789.',
      message: missing({
        kind: 'no-version',
        identifier: `${MODEL}@${VERSION}`,
        model: BUILDING,
        versionId: VERSION,
      }),
      names: [VERSION, MODEL, PROJECT],
    },
  ],
  'no-version-in-project': [
    {
      name: 'a version the project does not have',
      expected: 'Version fedcba9876 does not exist in project 0123456789.',
      message: missing({ kind: 'no-version-in-project', identifier: VERSION, versionId: VERSION }),
      names: [VERSION, PROJECT],
    },
  ],
  'version-of-other-model': [
    {
      name: 'a version of another model',
      expected: 'Version fedcba9876 belongs to model “site” (3333333333), not to model abcdef0123.',
      message: missing({
        kind: 'version-of-other-model',
        identifier: `${MODEL}@${VERSION}`,
        modelId: MODEL,
        versionId: VERSION,
        owner: OTHER_MODEL,
      }),
      names: [VERSION, MODEL, OTHER_MODEL.id],
    },
  ],
  'no-versions-yet': [
    {
      name: 'a model without versions',
      expected:
        'Model “structure/building” (abcdef0123) has no versions yet: there is no root object to open.',
      message: missing({ kind: 'no-versions-yet', identifier: MODEL, model: BUILDING }),
      names: [MODEL],
    },
  ],
  'no-model': [
    {
      name: 'a model id alone',
      expected: 'Model abcdef0123 does not exist in project 0123456789.',
      message: missing({
        kind: 'no-model',
        identifier: MODEL,
        modelId: MODEL,
        versionId: null,
        triedAsVersion: false,
      }),
      names: [MODEL, PROJECT],
    },
    {
      name: 'a lone id, neither model nor version',
      expected: 'Project 0123456789 has no model and no version with the id abcdef0123.',
      message: missing({
        kind: 'no-model',
        identifier: MODEL,
        modelId: MODEL,
        versionId: null,
        triedAsVersion: true,
      }),
      names: [MODEL, PROJECT],
    },
    {
      name: 'a model and its version',
      expected:
        'Model abcdef0123 does not exist in project 0123456789, and version fedcba9876 is none of its versions.',
      message: missing({
        kind: 'no-model',
        identifier: `${MODEL}@${VERSION}`,
        modelId: MODEL,
        versionId: VERSION,
        triedAsVersion: false,
      }),
      names: [MODEL, VERSION, PROJECT],
    },
  ],
  'no-model-named': [
    {
      name: 'a model name the project does not have',
      expected: 'Project 0123456789 has no model named “structure/walls”.',
      message: missing({
        kind: 'no-model-named',
        identifier: 'structure/walls',
        name: 'structure/walls',
      }),
      names: [PROJECT, 'structure/walls'],
    },
  ],
  'no-object': [
    {
      name: 'an object the project does not store',
      expected: 'Object 0123456789abcdef0123456789abcdef is not stored in project 0123456789.',
      message: missing({ kind: 'no-object', identifier: OBJECT, objectId: OBJECT }),
      names: [OBJECT, PROJECT],
    },
  ],
  'no-model-with-versions': [
    {
      name: 'all models',
      expected: 'No model of project 0123456789 has a version yet.',
      message: missing({ kind: 'no-model-with-versions', identifier: 'all', prefix: null }),
      names: [PROJECT],
    },
    {
      name: 'a folder',
      expected: 'No model of project 0123456789 whose name starts with “structure” has a version.',
      message: missing({
        kind: 'no-model-with-versions',
        identifier: '$structure',
        prefix: 'structure',
      }),
      names: [PROJECT, 'structure'],
    },
  ],
};

type FailedOutcome = Exclude<LinkOutcome['kind'], 'roots' | 'project' | 'model-versions' | 'model'>;

export const OUTCOME_CASES: Record<FailedOutcome, MessageCase[]> = {
  'nothing-matched': [
    {
      name: 'no entry',
      expected: 'The link names nothing to open in project 0123456789.',
      message: nothingToOpenMessage(PROJECT),
      names: [PROJECT],
    },
  ],
  withheld: [
    {
      name: 'one version',
      expected:
        "The server withholds the data of version “fedcba9876”: it is older than the history limit of the project's plan, so its root object is not available.",
      message: outcome({
        kind: 'withheld',
        withheld: [{ identifier: `${MODEL}@${VERSION}`, modelId: MODEL, versionId: VERSION }],
      }),
      names: [VERSION],
    },
    {
      name: 'two versions',
      expected:
        "The server withholds the data of versions “fedcba9876”, “1111111111”: they are older than the history limit of the project's plan, so their root objects are not available.",
      message: outcome({
        kind: 'withheld',
        withheld: [
          { identifier: `${MODEL}@${VERSION}`, modelId: MODEL, versionId: VERSION },
          { identifier: `${MODEL}@1111111111`, modelId: MODEL, versionId: '1111111111' },
        ],
      }),
      names: [VERSION, '1111111111'],
    },
  ],
  'other-project': [
    {
      name: 'one model',
      expected:
        "Model “abcdef0123” belongs to another project, not 0123456789: this app does not follow it. Open the link from that model's own project.",
      message: outcome({ kind: 'other-project', modelIds: [MODEL] }),
      names: [MODEL, PROJECT],
    },
    {
      name: 'two models',
      expected:
        "Models “abcdef0123”, “2222222222” belong to another project, not 0123456789: this app does not follow them. Open the link from that model's own project.",
      message: outcome({ kind: 'other-project', modelIds: [MODEL, '2222222222'] }),
      names: [MODEL, '2222222222', PROJECT],
    },
  ],
};

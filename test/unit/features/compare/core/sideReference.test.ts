import { describe, expect, it } from 'vitest';
import {
  compareRouteProblem,
  readSideReference,
} from '../../../../../src/features/compare/core/sideReference';

const OBJECT = '0123456789abcdef0123456789abcdef';
const route = (fromId: string, toId: string, toProjectId = 'a1b2c3d4e5') => ({
  projectId: 'a1b2c3d4e5',
  toProjectId,
  fromId,
  toId,
});

describe('a side of a comparison', () => {
  it('keeps an object id as an object id', () => {
    expect(readSideReference(OBJECT)).toEqual({
      ok: true,
      side: { kind: 'object', objectId: OBJECT },
    });
  });

  it('reads model@version, and a 10-character id as a model whose miss is tried as a version', () => {
    expect(readSideReference('b1d1a90f3e@a01b2c3d43')).toEqual({
      ok: true,
      side: {
        kind: 'resource',
        resource: { kind: 'version', modelId: 'b1d1a90f3e', versionId: 'a01b2c3d43' },
      },
    });
    expect(readSideReference('A01B2C3D43')).toEqual({
      ok: true,
      side: { kind: 'resource', resource: { kind: 'model', modelId: 'a01b2c3d43' } },
    });
  });

  it('refuses a list, and an id of no kind, saying what a side takes', () => {
    expect(readSideReference('b1d1a90f3e,0a1b2c3d4e')).toEqual({
      ok: false,
      reason:
        'It names 2 models or versions. Each side takes one object id (32 characters), ' +
        'version id, model@version or model id (10 characters).',
    });
    expect(readSideReference('abc')).toMatchObject({
      ok: false,
      reason: /^An object id has 32 characters, 0–9 and a–f; this one has 3\. Each side takes/,
    });
  });
});

describe('a compare route', () => {
  it('takes object ids, version ids, model@version and model ids on either side', () => {
    expect(compareRouteProblem(route(OBJECT, OBJECT))).toBeNull();
    expect(compareRouteProblem(route('a01b2c3d43', 'a01b2c3d44'))).toBeNull();
    expect(compareRouteProblem(route('b1d1a90f3e@a01b2c3d43', OBJECT))).toBeNull();
    expect(compareRouteProblem(route('b1d1a90f3e', 'b1d1a90f3e@a01b2c3d44'))).toBeNull();
  });

  it('names the side or the project at fault', () => {
    expect(compareRouteProblem(route(OBJECT, 'nope'))).toMatch(
      /^Check the second side of the comparison, “nope”: An object id has 32 characters/,
    );
    expect(compareRouteProblem(route(OBJECT.toUpperCase(), OBJECT))).toMatch(
      /^Check the first side of the comparison, “0123456789ABCDEF0123456789ABCDEF”: Ids are lowercase/,
    );
    expect(compareRouteProblem(route(OBJECT, OBJECT, OBJECT))).toBe(
      `Check the project id “${OBJECT}”: This looks like an object id; the project id has 10 characters.`,
    );
  });
});

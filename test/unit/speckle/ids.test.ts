import { describe, expect, it } from 'vitest';
import {
  checkObjectField,
  checkObjectId,
  checkProjectId,
  lookupIdsProblem,
} from '../../../src/speckle/ids';

const OBJECT = '0123456789abcdef0123456789abcdef';
const PROJECT = 'abcdef0123';

describe('checkObjectId', () => {
  it.each([OBJECT, '', '   '])('accepts %j', (id) => {
    expect(checkObjectId(id)).toEqual({ level: 'ok' });
  });

  it('offers the lowercase id for one with uppercase letters', () => {
    expect(checkObjectId(OBJECT.toUpperCase())).toEqual({
      level: 'error',
      message:
        'Ids are lowercase and the server matches them exactly: this one has uppercase letters.',
      suggestion: OBJECT,
    });
  });

  it('offers the trimmed id for one with spaces around it', () => {
    expect(checkObjectId(` ${OBJECT}\t`)).toEqual({
      level: 'warning',
      message: 'This id has spaces around it.',
      suggestion: OBJECT,
    });
    expect(checkObjectId(` ${OBJECT.toUpperCase()}`)).toEqual({
      level: 'error',
      message:
        'Ids are lowercase and the server matches them exactly: this one has uppercase letters and spaces around it.',
      suggestion: OBJECT,
    });
  });

  it.each([PROJECT, PROJECT.toUpperCase()])('refuses %s as a model or version id', (id) => {
    expect(checkObjectId(id)).toEqual({
      level: 'error',
      message:
        'This looks like a model or version id, which these endpoints cannot fetch. ' +
        'Paste an object id (32 characters) or a link to an object.',
    });
  });

  it.each([
    [OBJECT.slice(0, 31), 'An object id has 32 characters, 0–9 and a–f; this one has 31.'],
    [`${OBJECT}0`, 'An object id has 32 characters, 0–9 and a–f; this one has 33.'],
    [
      `${OBJECT.slice(0, 31)}g`,
      'An object id has 32 characters, 0–9 and a–f; this one contains “g”.',
    ],
    ['my object', 'An object id has 32 characters, 0–9 and a–f; this one contains “m”.'],
    ['Wall-0001', 'An object id has 32 characters, 0–9 and a–f; this one contains “W”.'],
  ])('refuses %j, saying what is expected', (id, message) => {
    expect(checkObjectId(id)).toEqual({ level: 'error', message });
  });
});

describe('checkProjectId', () => {
  it.each([PROJECT, ''])('accepts %j', (id) => {
    expect(checkProjectId(id)).toEqual({ level: 'ok' });
  });

  it('offers the lowercase id for one with uppercase letters', () => {
    expect(checkProjectId('ABCDEF0123')).toEqual({
      level: 'error',
      message:
        'Ids are lowercase and the server matches them exactly: this one has uppercase letters.',
      suggestion: PROJECT,
    });
  });

  it('refuses an object id', () => {
    expect(checkProjectId(OBJECT)).toEqual({
      level: 'error',
      message: 'This looks like an object id; the project id has 10 characters.',
    });
  });

  it.each([
    ['abcdef012', 'A project id has 10 characters, 0–9 and a–f; this one has 9.'],
    ['my-project', 'A project id has 10 characters, 0–9 and a–f; this one contains “m”.'],
  ])('refuses %j, saying what is expected', (id, message) => {
    expect(checkProjectId(id)).toEqual({ level: 'error', message });
  });
});

describe('lookupIdsProblem', () => {
  it('accepts a project id and an object id', () => {
    expect(lookupIdsProblem(PROJECT, OBJECT)).toBeNull();
  });

  it.each([
    ['', OBJECT, 'Project ID', 'Enter a project id.'],
    [PROJECT, '', 'Object ID', 'Enter an object id.'],
    ['hello!', OBJECT, 'Project ID', /^Check the Project ID: .*contains “h”/],
    [PROJECT, 'not an id', 'Object ID', /^Check the Object ID: .*contains “n”/],
    [PROJECT, PROJECT, 'Object ID', /^Check the Object ID: This looks like a model or version id/],
  ])('refuses %j / %j, naming the %s field', (projectId, objectId, field, message) => {
    const problem = lookupIdsProblem(projectId, objectId);
    expect(problem?.field).toBe(field);
    expect(problem?.message).toMatch(message);
  });
});

describe('checkObjectField', () => {
  it('says what Get does with a model or version id, rather than refusing it', () => {
    expect(checkObjectField(PROJECT)).toEqual({
      level: 'note',
      message:
        'A model id: Get resolves its newest version with the project and opens its root object (a version id opens that version).',
    });
    expect(checkObjectField(` ${PROJECT.toUpperCase()}@0123456789 `)).toEqual({
      level: 'note',
      message: 'A model’s version: Get resolves it with the project and opens its root object.',
    });
    expect(checkObjectField(`${PROJECT}, 0123456789@9876543210`)).toMatchObject({
      level: 'note',
      message: expect.stringMatching(/^2 models or versions: Get resolves each/),
    });
  });

  it('checks anything else as an object id', () => {
    expect(checkObjectField(OBJECT)).toEqual({ level: 'ok' });
    expect(checkObjectField(`${PROJECT}@`)).toMatchObject({ level: 'error' });
    expect(checkObjectField('not an id')).toEqual(checkObjectId('not an id'));
  });
});

import { describe, expect, it } from 'vitest';
import { HIDDEN_SECRET, withoutSecrets } from '../../../src/speckle/secrets';
import { fakeSpeckleToken } from '../support/fakeToken';

const TOKEN = fakeSpeckleToken('secrets');

describe('withoutSecrets', () => {
  it.each([
    [
      'an echoed header',
      `Authorization: Bearer ${TOKEN}`,
      `Authorization: Bearer ${HIDDEN_SECRET}`,
    ],
    [
      'any Bearer value',
      'authorization: bearer not-a-speckle-token',
      `authorization: bearer ${HIDDEN_SECRET}`,
    ],
    ['a Bearer value in JSON', `{"auth":"Bearer ${TOKEN}"}`, `{"auth":"Bearer ${HIDDEN_SECRET}"}`],
    ['a bare Speckle token', `token ${TOKEN} is revoked`, `token ${HIDDEN_SECRET} is revoked`],
    ['in capitals', `key=${TOKEN.toUpperCase()}`, `key=${HIDDEN_SECRET}`],
    ['twice', `${TOKEN} ${TOKEN}`, `${HIDDEN_SECRET} ${HIDDEN_SECRET}`],
  ])('hides %s', (_, text, expected) => {
    expect(withoutSecrets(text)).toBe(expected);
  });

  it.each([
    ['an object id (32 hex)', 'Failed to find object 0123456789abcdef0123456789abcdef.'],
    ['a longer hex run (64)', `sha256 ${'ab'.repeat(32)}`],
    ['a shorter one (41)', TOKEN.slice(1)],
    ['plain words', 'The Bearer of bad news'.replace('Bearer ', 'bearer-')],
  ])('leaves %s alone', (_, text) => {
    expect(withoutSecrets(text)).toBe(text);
  });
});

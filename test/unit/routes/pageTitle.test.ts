import { describe, expect, it } from 'vitest';
import { readAddress } from '../../../src/routes/address';
import { addressSubject, documentTitle } from '../../../src/routes/pageTitle';

const PROJECT = 'cccccccccc';
const MODEL = 'aaaaaaaaaa';
const VERSION = 'bbbbbbbbbb';
const OBJECT = '0123456789abcdef0123456789abcdef';
const OTHER = 'fedcba9876543210fedcba9876543210';

function titleAt(address: string): string {
  const [pathname = '', search = ''] = address.split(/(?=\?)/);
  return documentTitle(addressSubject(readAddress(pathname, search)));
}

describe('a page title read from its address', () => {
  it.each([
    ['/', 'Speckle Object Explorer'],
    ['/nowhere', 'No such page · Speckle Object Explorer'],
    [`/objects/${PROJECT}/${OBJECT}`, `Object ${OBJECT} with children · Speckle Object Explorer`],
    [`/objects/${PROJECT}/${OBJECT}/single`, `Object ${OBJECT} · Speckle Object Explorer`],
    [
      `/objects/${PROJECT}/${OBJECT}?object=${OTHER}`,
      `Object ${OTHER} in object ${OBJECT} with children · Speckle Object Explorer`,
    ],
    [
      `/compare/${PROJECT}/${OBJECT}/${OTHER}`,
      `Compare ${OBJECT} with ${OTHER} · Speckle Object Explorer`,
    ],
    ['/files', 'Opened files · Speckle Object Explorer'],
    [`/projects/${PROJECT}`, `Project ${PROJECT} · Speckle Object Explorer`],
    [
      `/projects/${PROJECT}/models/${MODEL}/versions`,
      `Versions of model ${MODEL} in project ${PROJECT} · Speckle Object Explorer`,
    ],
    [
      `/projects/${PROJECT}/models/${MODEL}@${VERSION}`,
      `Model ${MODEL}@${VERSION} in project ${PROJECT} · Speckle Object Explorer`,
    ],
  ])('%s reads "%s"', (address, title) => {
    expect(titleAt(address)).toBe(title);
  });
});

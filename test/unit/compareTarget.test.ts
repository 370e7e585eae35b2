import { describe, expect, it } from 'vitest';
import { compareTarget } from '../../src/speckle/compare/compareTarget';

const current = { projectId: 'a1b2c3d4e5', origin: 'https://app.speckle.systems' };
const ID = '0123456789abcdef0123456789abcdef';

describe('compare target', () => {
  it('takes an object id in the same project', () => {
    expect(compareTarget(` ${ID} `, current)).toEqual({
      ok: true,
      projectId: current.projectId,
      objectId: ID,
    });
  });

  it('takes a link to an object in another project of the same server', () => {
    expect(
      compareTarget(`https://app.speckle.systems/projects/ffffffffff/models/${ID}`, current),
    ).toEqual({ ok: true, projectId: 'ffffffffff', objectId: ID });
  });

  it('refuses an object on another server, saying why', () => {
    const target = compareTarget(`https://other.example/projects/ffffffffff/models/${ID}`, current);
    expect(target).toEqual({
      ok: false,
      reason:
        'That object is on https://other.example, not on https://app.speckle.systems: both ' +
        'versions must be on the same server to be compared.',
    });
  });

  it('says what is wrong with text that is neither', () => {
    expect(compareTarget('', current)).toMatchObject({ ok: false, reason: /Enter an object id/ });
    expect(compareTarget('abc', current)).toMatchObject({ ok: false });
    expect(compareTarget(ID.toUpperCase(), current)).toMatchObject({
      ok: false,
      reason: /uppercase/,
    });
  });
});

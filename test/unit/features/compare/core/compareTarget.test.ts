import { describe, expect, it } from 'vitest';
import { compareTarget } from '../../../../../src/features/compare/core/compareTarget';

const current = { projectId: 'a1b2c3d4e5', origin: 'https://app.speckle.systems' };
const ID = '0123456789abcdef0123456789abcdef';
const WEB = 'https://app.speckle.systems';

describe('compare target', () => {
  it('takes an object id, a version id, model@version or a model id in the same project', () => {
    for (const text of [ID, 'a01b2c3d43', 'b1d1a90f3e@a01b2c3d43']) {
      expect(compareTarget(` ${text} `, current)).toEqual({
        ok: true,
        projectId: current.projectId,
        sideId: text,
      });
    }
  });

  it('takes a link to an object, a version or a model in another project of the same server', () => {
    const cases: [string, string][] = [
      [`${WEB}/projects/ffffffffff/models/${ID}`, ID],
      [`${WEB}/objects/ffffffffff/${ID}`, ID],
      [`${WEB}/projects/ffffffffff/models/B1D1A90F3E@a01b2c3d43`, 'b1d1a90f3e@a01b2c3d43'],
      [`${WEB}/projects/ffffffffff/models/b1d1a90f3e`, 'b1d1a90f3e'],
      [`${WEB}/projects/ffffffffff/models/b1d1a90f3e/versions`, 'b1d1a90f3e'],
      [`${WEB}/streams/ffffffffff/commits/a01b2c3d43`, 'a01b2c3d43'],
    ];
    for (const [link, sideId] of cases) {
      expect(compareTarget(link, current)).toEqual({ ok: true, projectId: 'ffffffffff', sideId });
    }
  });

  it('refuses a link to another server, saying why', () => {
    const target = compareTarget(`https://other.example/projects/ffffffffff/models/${ID}`, current);
    expect(target).toEqual({
      ok: false,
      reason:
        'That link is to https://other.example, not to https://app.speckle.systems: both ' +
        'sides must be on the same server to be compared.',
    });
  });

  it('refuses a link that names no one root, saying what it names', () => {
    expect(compareTarget(`${WEB}/projects/ffffffffff`, current)).toMatchObject({
      ok: false,
      reason: /^That link names a whole project\. Each side takes one object id/,
    });
    expect(
      compareTarget(`${WEB}/projects/ffffffffff/models/b1d1a90f3e,0a1b2c3d4e`, current),
    ).toMatchObject({ ok: false, reason: /^That link names several models/ });
    expect(compareTarget(`${WEB}/streams/ffffffffff/branches/main`, current)).toMatchObject({
      ok: false,
      reason: /^That link names the model “main” by its name/,
    });
  });

  it('says what is wrong with text that is neither', () => {
    expect(compareTarget('', current)).toMatchObject({
      ok: false,
      reason: 'Enter an object, version or model id, or a link to one.',
    });
    expect(compareTarget('abc', current)).toMatchObject({ ok: false });
    expect(compareTarget(ID.toUpperCase(), current)).toMatchObject({
      ok: false,
      reason: /uppercase/,
    });
  });
});

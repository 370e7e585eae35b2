import { describe, expect, it } from 'vitest';
import { serverUrlHint } from '../../../../src/features/connection/serverUrlHint';

describe('serverUrlHint', () => {
  it('says what a lookup will try before anything answered, claiming nothing', () => {
    const hint = serverUrlHint('https://speckle.example', null, () => false);

    expect(hint.text).toBe(
      'Not checked yet: a lookup tries https://speckle.example/objects/…, then https://speckle.example/api/objects/….',
    );
    expect(hint.text).not.toMatch(/are read from/);
  });

  it('says which address answered', () => {
    const answered = (base: string) => base === 'https://speckle.example';
    expect(serverUrlHint('https://speckle.example', null, answered).text).toBe(
      'A Speckle server answered at https://speckle.example/objects/….',
    );
    expect(
      serverUrlHint('https://speckle.example/api', 'https://speckle.example', answered).text,
    ).toBe(
      'https://speckle.example/api did not answer as a Speckle API, https://speckle.example did: using that.',
    );
  });

  it('keeps what was made of a pasted link, and reports an unusable address as an error', () => {
    expect(serverUrlHint('speckle.example/projects/0123456789', null, () => false).text).toMatch(
      /^Using the server's address https:\/\/speckle\.example \(https was assumed; the rest of the pasted link was dropped\)\. Not checked yet/,
    );
    expect(serverUrlHint('ftp://speckle.example', null, () => false)).toMatchObject({
      isError: true,
    });
    expect(serverUrlHint('  ', null, () => false)).toEqual({
      text: 'The address you open Speckle at, or a link copied from it.',
      isError: false,
    });
  });
});

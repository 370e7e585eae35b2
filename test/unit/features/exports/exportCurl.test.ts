import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, endpointUrl, shellQuote } from '../../../../src/features/exports/curl';
import { fakeSpeckleToken } from '../../support/fakeToken';

const TOKEN = fakeSpeckleToken('curl');
const address = {
  base: 'https://app.speckle.systems',
  projectId: '0123456789',
  objectId: '0123456789abcdef0123456789abcdef',
};

/** The words a POSIX shell makes of a command line, as curl would receive them. */
function shellWords(command: string, env: Record<string, string> = {}): string[] {
  const script = `set -- ${command.replace(/^curl /, '')}; printf '%s\\0' "$@"`;
  const output = execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH, ...env } });
  return output.toString('utf8').split('\0').slice(0, -1);
}

describe('curlCommand', () => {
  it('repeats the with-children request: token as $SPECKLE_TOKEN, Accept: text/plain', () => {
    const command = curlCommand({
      ...address,
      mode: 'children',
      includeToken: false,
      token: TOKEN,
    });

    expect(command).toBe(
      'curl --compressed -H "Authorization: Bearer $SPECKLE_TOKEN" -H \'Accept: text/plain\' ' +
        "'https://app.speckle.systems/objects/0123456789/0123456789abcdef0123456789abcdef'",
    );
    expect(command).not.toContain(TOKEN);
    expect(shellWords(command, { SPECKLE_TOKEN: 'from-my-shell' })).toEqual([
      '--compressed',
      '-H',
      'Authorization: Bearer from-my-shell',
      '-H',
      'Accept: text/plain',
      'https://app.speckle.systems/objects/0123456789/0123456789abcdef0123456789abcdef',
    ]);
  });

  it('repeats the single-object request without an Accept header', () => {
    expect(curlCommand({ ...address, mode: 'single', includeToken: false, token: TOKEN })).toBe(
      'curl --compressed -H "Authorization: Bearer $SPECKLE_TOKEN" ' +
        "'https://app.speckle.systems/objects/0123456789/0123456789abcdef0123456789abcdef/single'",
    );
  });

  it('puts the real token in only when asked to, trimmed and quoted', () => {
    const command = curlCommand({
      ...address,
      mode: 'single',
      includeToken: true,
      token: ` ${TOKEN}\n`,
    });

    expect(shellWords(command)).toContain(`Authorization: Bearer ${TOKEN}`);
    expect(command).not.toContain('$SPECKLE_TOKEN');
  });

  it('sends no Authorization header when the app sent no token', () => {
    for (const token of [undefined, '', '   ']) {
      const command = curlCommand({ ...address, mode: 'children', includeToken: true, token });
      expect(command).not.toContain('Authorization');
    }
  });

  it('keeps ids with quotes, spaces and slashes inside their path segments and the shell quotes', () => {
    const command = curlCommand({
      base: 'http://localhost:5173/demo-server/',
      projectId: "it's a/b",
      objectId: 'x y?#%\'"$(echo injected)`',
      mode: 'single',
      includeToken: true,
      token: "tok'en $HOME",
    });

    const words = shellWords(command);
    expect(words.at(-1)).toBe(
      "http://localhost:5173/demo-server/objects/it's%20a%2Fb/x%20y%3F%23%25'%22%24(echo%20injected)%60/single",
    );
    expect(words).toContain("Authorization: Bearer tok'en $HOME");
  });
});

describe('endpointUrl', () => {
  it('hangs both endpoints off the base, with or without /api', () => {
    expect(endpointUrl({ ...address, base: 'https://s.example/api', mode: 'children' })).toBe(
      'https://s.example/api/objects/0123456789/0123456789abcdef0123456789abcdef',
    );
  });
});

describe('shellQuote', () => {
  it.each(['plain', "it's", "''", 'a\nb', '$(x) `y` "z" \\'])(
    'quotes %j so the shell gives it back',
    (text) => {
      expect(shellWords(`curl ${shellQuote(text)}`)).toEqual([text]);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { alternateBase, parseServerUrl, webAppBase } from '../../../src/speckle/serverUrl';

describe('parseServerUrl', () => {
  it.each([
    ['https://app.speckle.systems', 'https://app.speckle.systems'],
    ['https://app.speckle.systems/', 'https://app.speckle.systems'],
    ['https://app.speckle.systems///', 'https://app.speckle.systems'],
    ['  https://app.speckle.systems  ', 'https://app.speckle.systems'],
    ['HTTPS://App.Speckle.Systems', 'https://app.speckle.systems'],
    ['https://app.speckle.systems:443', 'https://app.speckle.systems'],
    ['https://speckle.example.com:8443', 'https://speckle.example.com:8443'],
    ['https://app.speckle.systems/api', 'https://app.speckle.systems/api'],
    ['https://app.speckle.systems/api/', 'https://app.speckle.systems/api'],
    ['http://localhost:5173/demo-server', 'http://localhost:5173/demo-server'],
    ['http://localhost:5173/demo-server/', 'http://localhost:5173/demo-server'],
    ['http://192.168.1.20:3000', 'http://192.168.1.20:3000'],
    ['http://speckle:3000', 'http://speckle:3000'],
  ])('accepts %j as %s without a note', (input, base) => {
    const result = parseServerUrl(input);

    expect(result).toEqual({ ok: true, origin: new URL(base).origin, base });
  });

  it.each([
    ['app.speckle.systems', 'https://app.speckle.systems'],
    ['app.speckle.systems/', 'https://app.speckle.systems'],
    ['speckle.example.com:8443/prefix', 'https://speckle.example.com:8443/prefix'],
    ['localhost:3000', 'http://localhost:3000'],
    ['localhost', 'http://localhost'],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['[::1]:3000', 'http://[::1]:3000'],
  ])('assumes the scheme for the bare host %j', (input, base) => {
    const scheme = new URL(base).protocol.slice(0, -1);

    expect(parseServerUrl(input)).toEqual({
      ok: true,
      origin: new URL(base).origin,
      base,
      note: `Using the server's address ${base} (${scheme} was assumed)`,
    });
  });

  it.each([
    [
      'https://app.speckle.systems/projects/0123456789/models/abcdef0123#view',
      'https://app.speckle.systems',
    ],
    [
      'https://latest.speckle.systems/streams/0123456789/commits/abcdef0123',
      'https://latest.speckle.systems',
    ],
    [
      'https://app.speckle.systems/objects/0123456789/0123456789abcdef0123456789abcdef/single',
      'https://app.speckle.systems',
    ],
    ['https://app.speckle.systems/api/ping', 'https://app.speckle.systems'],
    [
      'https://app.speckle.systems/api/objects/0123456789/0123456789abcdef0123456789abcdef',
      'https://app.speckle.systems',
    ],
    [
      'http://localhost:5173/demo-server/objects/0123456789/0123456789abcdef0123456789abcdef',
      'http://localhost:5173/demo-server',
    ],
    ['https://app.speckle.systems/?utm_source=mail', 'https://app.speckle.systems'],
    ['https://app.speckle.systems/#top', 'https://app.speckle.systems'],
  ])('cuts the pasted link %j back to the server address', (input, base) => {
    expect(parseServerUrl(input)).toEqual({
      ok: true,
      origin: new URL(base).origin,
      base,
      note: `Using the server's address ${base} (the rest of the pasted link was dropped)`,
    });
  });

  // Found by the idempotence property: losing the trailing punctuation uncovered a segment that
  // the next parse cut (an app route) or resolved away (a dot segment).
  it.each([
    ['https://speckle.example.com/objects..?x', 'https://speckle.example.com'],
    ['https://speckle.example.com/team/projects!?x', 'https://speckle.example.com/team'],
    ['https://speckle.example.com/%2e!#x', 'https://speckle.example.com'],
    ['https://speckle.example.com/team/.%2E,?x', 'https://speckle.example.com/team'],
  ])('gives %s a base that reads back as itself: %s', (text, base) => {
    expect(parseServerUrl(text)).toMatchObject({ ok: true, base });
    expect(parseServerUrl(base)).toEqual({ ok: true, origin: new URL(base).origin, base });
  });

  it('says both when it assumed the scheme and dropped part of the link', () => {
    expect(parseServerUrl('app.speckle.systems/projects/0123456789')).toMatchObject({
      ok: true,
      base: 'https://app.speckle.systems',
      note: "Using the server's address https://app.speckle.systems (https was assumed; the rest of the pasted link was dropped)",
    });
  });

  it.each([
    '<https://app.speckle.systems>',
    '"https://app.speckle.systems"',
    "'https://app.speckle.systems'",
    '`https://app.speckle.systems`',
    'https://app.speckle.systems.',
    'https://app.speckle.systems,',
  ])('reads the address out of %j as pasted from a ticket', (input) => {
    expect(parseServerUrl(input)).toEqual({
      ok: true,
      origin: 'https://app.speckle.systems',
      base: 'https://app.speckle.systems',
    });
  });

  it.each([
    ['', "Enter the server's address, such as https://app.speckle.systems."],
    ['   ', "Enter the server's address, such as https://app.speckle.systems."],
    ['ftp://files.example.com', 'Speckle servers are reached over http or https, not ftp:'],
    ['ws://app.speckle.systems', 'Speckle servers are reached over http or https, not ws:'],
    [
      'mailto:support@speckle.systems',
      'Speckle servers are reached over http or https, not mailto:',
    ],
    ['javascript:alert(1)', 'Speckle servers are reached over http or https, not javascript:'],
    [
      'https://',
      'That is not a web address: https://. A server address looks like https://app.speckle.systems.',
    ],
    [
      'https://app speckle systems',
      'That is not a web address: https://app speckle systems. A server address looks like https://app.speckle.systems.',
    ],
    [
      'speckle',
      'That is not a web address: speckle. A server address looks like https://app.speckle.systems.',
    ],
    [
      '0123456789abcdef0123456789abcdef',
      'That is not a web address: 0123456789abcdef0123456789abcdef. A server address looks like https://app.speckle.systems.',
    ],
    [
      'https://user:secret@app.speckle.systems',
      'Remove the user name and password from the address: the access token signs you in.',
    ],
  ])('refuses %j with a message saying why', (input, error) => {
    expect(parseServerUrl(input)).toEqual({ ok: false, error });
  });
});

describe('alternateBase', () => {
  it.each([
    ['https://app.speckle.systems', 'https://app.speckle.systems/api'],
    ['https://app.speckle.systems/api', 'https://app.speckle.systems'],
    ['http://localhost:5173/demo-server', 'http://localhost:5173/demo-server/api'],
    ['http://localhost:5173/demo-server/api', 'http://localhost:5173/demo-server'],
    ['https://example.com/rapid', 'https://example.com/rapid/api'],
  ])('turns %s into %s', (base, alternate) => {
    expect(alternateBase(base)).toBe(alternate);
  });

  it('gives back the base it started from when applied twice', () => {
    const base = 'https://app.speckle.systems';

    expect(alternateBase(alternateBase(base))).toBe(base);
  });
});

describe('webAppBase', () => {
  it.each([
    ['https://app.speckle.systems', 'https://app.speckle.systems'],
    ['https://app.speckle.systems/api', 'https://app.speckle.systems'],
    ['https://example.com/speckle', 'https://example.com/speckle'],
    ['https://example.com/speckle/api', 'https://example.com/speckle'],
    ['https://example.com/rapid', 'https://example.com/rapid'],
  ])('finds the web app of the API at %s at %s, keeping a path prefix', (base, web) => {
    expect(webAppBase(base)).toBe(web);
  });
});

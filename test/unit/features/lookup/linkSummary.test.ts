import { describe, expect, it } from 'vitest';
import { linkSummary, openButtonName } from '../../../../src/features/lookup/linkSummary';
import { parseSpeckleLink } from '../../../../src/speckle/links/speckleLink';

const P = 'a1b2c3d4e5';
const GET = 'Get with children opens it with its children, Get object its root alone.';

function linkOf(path: string) {
  const link = parseSpeckleLink(`https://speckle.test${path}`);
  if (!link) throw new Error(`not a link: ${path}`);
  return link;
}

describe('what a pasted link names', () => {
  it.each([
    [`/projects/${P}`, `project ${P}. Open shows it.`],
    [
      `/projects/${P}/models/0123456789/versions`,
      `the versions of model 0123456789 in project ${P}. Open shows it.`,
    ],
    [
      `/projects/${P}/models/0123456789`,
      `the newest version of model 0123456789 in project ${P}. ${GET}`,
    ],
    [
      `/projects/${P}/models/0123456789@abcdef0123,9876543210`,
      `version abcdef0123 of model 0123456789 and the newest version of model 9876543210 in project ${P}. ${GET}`,
    ],
    [`/projects/${P}/models/all`, `every model in project ${P}. ${GET}`],
    [`/projects/${P}/models/$walls`, `the models under “walls” in project ${P}. ${GET}`],
    [`/streams/${P}/commits/abcdef0123`, `version abcdef0123 in project ${P}. ${GET}`],
    [`/streams/${P}/branches/main%2Fwalls`, `the model named “main/walls” in project ${P}. ${GET}`],
    [`/embed?stream=${P}`, `the newest version in project ${P}. ${GET}`],
  ])('%s', (path, named) => {
    expect(linkSummary(linkOf(path), null)).toBe(`The link names ${named}`);
  });

  it('names a server other than the selected one, and whether it is saved', () => {
    const link = linkOf(`/projects/${P}`);
    const address = 'https://speckle.test';
    expect(linkSummary(link, { address, saved: true })).toBe(
      `The link names project ${P}, on ${address}. Open shows it.`,
    );
    expect(linkSummary(link, { address, saved: false })).toBe(
      `The link names project ${P}, on ${address} (not a saved server: you will be asked to add it before anything is sent to it). Open shows it.`,
    );
  });

  it('names the Open button after what it opens', () => {
    expect(openButtonName(linkOf(`/projects/${P}`))).toBe(`Open project ${P}`);
    expect(openButtonName(linkOf(`/projects/${P}/models/0123456789/versions`))).toBe(
      'Open the versions of model 0123456789',
    );
  });
});

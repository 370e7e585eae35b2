import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import chromiumLaunch from '../../chromium.json' with { type: 'json' };

const DISABLE_FEATURES = '--disable-features=';

/** The features Playwright turns off in every Chromium it launches, read from its source. */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'),
    'utf8',
  );
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  if (list === undefined) {
    throw new Error(
      'playwright-core no longer lists its disabled features as `disabledFeatures = [...]`: ' +
        'compare the --disable-features of test/chromium.json with its chromiumSwitches.ts',
    );
  }
  return [...list.matchAll(/^\s*"([^"]+)"/gm)].map((match) => match[1]!);
}

// Chromium keeps only the last --disable-features it is given: the list in test/chromium.json
// replaces Playwright's own, so it has to carry Playwright's too.
describe('the Chromium of the e2e tests and benchmarks', () => {
  const disabled = chromiumLaunch.args.filter((arg) => arg.startsWith(DISABLE_FEATURES));

  it('is given one --disable-features, which turns off the browser UI no test looks at', () => {
    expect(disabled).toHaveLength(1);
    const features = disabled[0]!.slice(DISABLE_FEATURES.length).split(',');
    expect(features).toEqual(
      expect.arrayContaining([
        'WebUIOmniboxPopup',
        'WebUIOmniboxAimPopup',
        'SpareRendererForSitePerProcess',
      ]),
    );
  });

  it('keeps every feature Playwright itself disables', () => {
    const features = disabled[0]?.slice(DISABLE_FEATURES.length).split(',') ?? [];
    const fromPlaywright = playwrightDisabledFeatures();
    expect(fromPlaywright).toContain('ThirdPartyStoragePartitioning');
    expect(fromPlaywright.filter((feature) => !features.includes(feature))).toEqual([]);
  });
});

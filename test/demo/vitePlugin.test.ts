import { describe, expect, it } from 'vitest';
import { demoTraceIn } from '../../demo/vitePlugin.ts';

describe("the build's check that it holds no demo", () => {
  it('passes files without a trace of the demo', () => {
    expect(
      demoTraceIn({ 'assets/index.js': 'const server = "https://app.speckle.systems";' }),
    ).toBeNull();
    // React's unminified messages point to a codemod: not a word of the demo's.
    expect(demoTraceIn({ 'assets/index.js': 'run `npx react-codemod rename`' })).toBeNull();
  });

  it('names the file and the text around the first trace, in code or in bytes', () => {
    expect(demoTraceIn({ 'a.js': 'ok', 'b.js': 'fetch(`/demo-server/demo.json`)' })).toBe(
      'b.js: …fetch(`/demo-server/demo.json`)…',
    );
    expect(
      demoTraceIn({ 'assets/worker.js': new TextEncoder().encode('x'.repeat(50) + 'The Demo') }),
    ).toBe(`assets/worker.js: …${'x'.repeat(36)}The Demo…`);
  });
});

import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The WCAG 2.1 A and AA rules: what the issue asks the app to meet. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
const BLOCKING: ReadonlySet<ImpactValue> = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Runs axe-core in the page (injected once per document) on the whole document. */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.addScriptTag({ path: AXE_SCRIPT });
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    resultTypes: ['violations'],
  };
  const results = await page.evaluate(
    (runOptions) =>
      (
        window as unknown as {
          axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
        }
      ).axe.run(document, runOptions),
    options,
  );
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    helpUrl: violation.helpUrl,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' >> '),
      html: node.html,
      summary: node.failureSummary ?? '',
    })),
  }));
}

function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    - ${node.target}\n      ${node.html}\n      ${node.summary.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

/**
 * Fails with every serious or critical WCAG 2.1 AA violation in the page, printed with its rule,
 * elements and axe's advice; milder findings are left to review, as the issue asks.
 */
export async function expectNoSeriousViolations(page: Page, state: string): Promise<void> {
  const blocking = (await runAxe(page)).filter((violation) =>
    BLOCKING.has(violation.impact ?? null),
  );
  if (blocking.length > 0) {
    throw new Error(
      `axe found ${blocking.length} serious or critical violation(s) in the ${state} state:\n` +
        describeViolations(blocking),
    );
  }
}

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
 * Every `aria-describedby` / `aria-labelledby` id that names no element of the document, as
 * "attribute → id on <element>". axe leaves an idref list with one id found alone, and a screen
 * reader then reads a description or name that is silently missing.
 */
export function danglingAriaReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dangling: string[] = [];
    for (const attribute of ['aria-describedby', 'aria-labelledby']) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        const ids = (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean);
        for (const id of ids) {
          if (document.getElementById(id)) continue;
          dangling.push(`${attribute} → ${id} on ${element.outerHTML.slice(0, 160)}`);
        }
      }
    }
    return dangling;
  });
}

/**
 * Fails with every serious or critical WCAG 2.1 AA violation in the page, printed with its rule,
 * elements and axe's advice, and with every ARIA reference to a missing element; milder findings
 * are left to review, as the issue asks.
 */
export async function expectNoSeriousViolations(page: Page, state: string): Promise<void> {
  const blocking = (await runAxe(page)).filter((violation) =>
    BLOCKING.has(violation.impact ?? null),
  );
  const dangling = await danglingAriaReferences(page);
  if (blocking.length > 0 || dangling.length > 0) {
    throw new Error(
      `axe found ${blocking.length} serious or critical violation(s) in the ${state} state:\n` +
        describeViolations(blocking) +
        (dangling.length > 0
          ? `\n${dangling.length} ARIA reference(s) to a missing element:\n  ${dangling.join('\n  ')}`
          : ''),
    );
  }
}

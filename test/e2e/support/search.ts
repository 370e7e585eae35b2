import type { Locator, Page } from 'playwright-core';
import type { RawLine } from './demo.ts';

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search all objects' });
}

export function searchResults(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Search results' });
}

/** The search's own status line: it starts with "Searched", "Cancelled" or "Stopped". */
export async function searchStatus(page: Page): Promise<string> {
  const describedBy = await searchBox(page).getAttribute('aria-describedby');
  return (await page.locator(`[id="${describedBy}"]`).textContent()) ?? '';
}

/** The results' active option: its text and its place among all matches. */
export async function activeResult(page: Page): Promise<{ text: string; place: number }> {
  return searchResults(page).evaluate((list) => {
    const option = document.getElementById(list.getAttribute('aria-activedescendant') ?? '');
    return {
      text: option?.textContent ?? '',
      place: Number(option?.getAttribute('aria-posinset') ?? -1),
    };
  });
}

/**
 * What a plain query (no options, no field) finds, counted here without the app's code: each
 * property name and each string, number, boolean or null value that holds the text, whatever its
 * case, is one match. The objects found are in the body's order.
 */
export function countPlainMatches(lines: readonly RawLine[], query: string) {
  const needle = query.toLowerCase();
  const found: Array<{ id: string; matches: number }> = [];
  for (const { id, raw } of lines) {
    let matches = 0;
    const stack: unknown[] = [JSON.parse(raw)];
    while (stack.length > 0) {
      const value = stack.pop();
      if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (!Array.isArray(value) && key.toLowerCase().includes(needle)) matches += 1;
          stack.push(inner);
        }
      } else if (String(value).toLowerCase().includes(needle)) matches += 1;
    }
    if (matches > 0) found.push({ id, matches });
  }
  return { found, matches: found.reduce((sum, { matches }) => sum + matches, 0) };
}

import type { Locator, Page } from 'playwright-core';

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search all objects' });
}

export function searchResults(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Search results' });
}

/** The search's own status line: it starts with "Searched", "Showing" or "Cancelled". */
export async function searchStatus(page: Page): Promise<string> {
  const describedBy = await searchBox(page).getAttribute('aria-describedby');
  return (await page.locator(`[id="${describedBy}"]`).textContent()) ?? '';
}

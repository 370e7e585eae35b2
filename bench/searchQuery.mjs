// One query typed into "Search all objects", timed inside the page: from the input event to the
// first result listed and to the status saying the search is done (the debounce included), with
// the long tasks meanwhile.
import { pageTiming } from './app.mjs';

/**
 * Arms a watcher in the page for one query, fills the box, and waits for the watcher's figures.
 * @param {import('playwright-core').Page} page
 * @param {string} query
 * @param {number} timeoutMs
 */
export async function timeQuery(page, query, timeoutMs) {
  const box = page.getByRole('searchbox', { name: 'Search all objects' });
  // Start from an empty result list, so the first option seen belongs to this query.
  await box.fill('');
  await page.getByRole('listbox', { name: 'Search results' }).waitFor({ state: 'detached' });
  const statusId = await box.getAttribute('aria-describedby');
  await page.evaluate(
    ({ statusId, query, timeoutMs }) => {
      const input = /** @type {HTMLInputElement} */ (
        document.querySelector(`[aria-describedby="${statusId}"]`)
      );
      const status = /** @type {HTMLElement} */ (document.getElementById(statusId));
      const done = new RegExp(`^Searched all .* for ${JSON.stringify(query)}`);
      /** @type {{ start: number | null, first: number | null, done: number | null, status: string }} */
      const timing = { start: null, first: null, done: null, status: '' };
      /** @type {any} */ (window).__searchTiming = new Promise((resolve) => {
        const finish = () => {
          observer.disconnect();
          clearTimeout(timer);
          timing.status = status.textContent ?? '';
          resolve(timing);
        };
        const look = () => {
          if (timing.start === null) return;
          const now = performance.now() - timing.start;
          if (
            timing.first === null &&
            document.querySelector('[aria-label="Search results"] [role="option"]')
          ) {
            timing.first = now;
          }
          if (done.test(status.textContent ?? '')) {
            timing.done = now;
            timing.first ??= now;
            finish();
          }
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        const timer = setTimeout(finish, timeoutMs);
        input.addEventListener('input', (event) => (timing.start = event.timeStamp), {
          once: true,
        });
      });
    },
    { statusId, query, timeoutMs },
  );
  await box.fill(query);
  const { timing, longTasks, doneMs } = await pageTiming(page, '__searchTiming', timeoutMs);
  // The total of matches the status gives, counted while searching (no figure for no match).
  const total = /([\d,]+) match(es)? in/.exec(timing.status)?.[1];
  return {
    query,
    matches: total === undefined ? 0 : Number(total.replace(/,/g, '')),
    firstResultMs: timing.first === null ? null : Math.round(timing.first),
    doneMs,
    longTasks,
    status: timing.status,
  };
}

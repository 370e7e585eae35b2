// Code that runs inside the page. Timings are taken there, with the page's own clock, so that
// Playwright's round trips (several milliseconds each) never enter a figure: a timer is armed,
// Playwright clicks, and the page notes the click event's time stamp, the moment the DOM shows
// the result (in a MutationObserver callback, right after the commit) and the next paint.
//
// installProbes is serialized by Playwright and run before the app in every document, so it must
// not refer to anything outside itself.

/**
 * @typedef {{ start: number, duration: number }} LongTask
 * @typedef {{ article: string } | { status: 'done', count: number } | { expanded: string }
 *   | { text: string, within: string }} Milestone
 *   `article`: an article named with this id is shown (the detail is the status text then);
 *   `status`: the status region reads "<count> objects"; `expanded`: the element matching this
 *   selector reports aria-expanded="true" or was replaced; `text`: an element matching the
 *   selector `within` has a text matching this regular expression (the detail is that text).
 * @typedef {'click' | 'change' | 'now'} StartOn
 *   What starts the time: the next trusted click, the next change event (a file input given
 *   files), or the arming itself (for a page opened by its address).
 * @typedef {{ at: number, painted: number | null, detail: string }} Reached
 *   Milliseconds after the start event: DOM shows it (`at`) and next paint (`painted`).
 * @typedef {{ start: number | null, reached: Record<string, Reached>, timedOut: boolean }} Timing
 */

export function installProbes() {
  /** @type {LongTask[]} */
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });

  /** Resolves after the next frame was painted: rAF runs before paint, a message task after it. */
  function nextPaint() {
    return new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
  }

  /** @param {Element} element */
  function accessibleName(element) {
    const label = element.getAttribute('aria-label');
    if (label) return label;
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      return labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    }
    return element.querySelector('h1, h2, h3, h4, [role="heading"]')?.textContent ?? '';
  }

  /** @param {string} id */
  function articleShowing(id) {
    return [...document.querySelectorAll('article, [role="article"]')].some((article) =>
      accessibleName(article).includes(id),
    );
  }

  function statusTexts() {
    return [...document.querySelectorAll('[role="status"]')].map((node) =>
      (node.textContent ?? '').trim(),
    );
  }

  /** @param {Milestone} milestone @returns {string | null} a detail when reached, else null */
  function check(milestone) {
    if ('article' in milestone) {
      return articleShowing(milestone.article) ? statusTexts().join(' | ') : null;
    }
    if ('text' in milestone) {
      const pattern = new RegExp(milestone.text);
      const texts = [...document.querySelectorAll(milestone.within)].map((node) =>
        (node.textContent ?? '').trim(),
      );
      return texts.find((text) => pattern.test(text)) ?? null;
    }
    if ('expanded' in milestone) {
      const target = document.querySelector(milestone.expanded);
      return !target || target.getAttribute('aria-expanded') === 'true' ? 'expanded' : null;
    }
    const done = statusTexts().find(
      (text) => /^([\d,]+) objects/.exec(text)?.[1] === milestone.count.toLocaleString('en-US'),
    );
    return done ?? null;
  }

  /** @type {Promise<Timing> | null} */
  let pending = null;

  /**
   * Starts timing at the next trusted click (its event time), or as `startOn` says, and notes when
   * each milestone is first reached; settles when all are painted or after `timeoutMs`.
   * @param {Record<string, Milestone>} milestones
   * @param {number} timeoutMs
   * @param {StartOn} [startOn]
   */
  function arm(milestones, timeoutMs, startOn = 'click') {
    /** @type {Timing} */
    const timing = { start: null, reached: {}, timedOut: false };
    const waiting = new Set(Object.keys(milestones));
    let painting = 0;
    pending = new Promise((resolve) => {
      const observer = new MutationObserver(() => look());
      const timer = setTimeout(() => finish(true), timeoutMs);
      function finish(/** @type {boolean} */ timedOut) {
        timing.timedOut = timedOut;
        observer.disconnect();
        clearTimeout(timer);
        removeEventListener(startOn, onStart, true);
        resolve(timing);
      }
      function look() {
        if (timing.start === null) return;
        for (const name of waiting) {
          const detail = check(/** @type {Milestone} */ (milestones[name]));
          if (detail === null) continue;
          waiting.delete(name);
          /** @type {Reached} */
          const reached = { at: performance.now() - timing.start, painted: null, detail };
          timing.reached[name] = reached;
          painting += 1;
          void nextPaint().then((paintedAt) => {
            reached.painted = paintedAt - /** @type {number} */ (timing.start);
            painting -= 1;
            if (waiting.size === 0 && painting === 0) finish(false);
          });
        }
      }
      function onStart(/** @type {Event} */ event) {
        if (!event.isTrusted || timing.start !== null) return;
        timing.start = event.timeStamp;
        // The app may update the DOM within this very event: look once it has been handled.
        queueMicrotask(look);
        setTimeout(look, 0);
      }
      if (startOn === 'now') {
        timing.start = performance.now();
        queueMicrotask(look);
      } else {
        addEventListener(startOn, onStart, true);
      }
      observer.observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
  }

  /**
   * Long tasks overlapping [from, to]. The observer hears of a task some time after it ended, so
   * this waits a little before looking.
   * @param {number} from
   * @param {number} to
   */
  async function longTasksBetween(from, to) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const inside = longTasks.filter((task) => task.start + task.duration > from && task.start < to);
    return {
      count: inside.length,
      longest: Math.max(0, ...inside.map((task) => task.duration)),
      total: inside.reduce((sum, task) => sum + task.duration, 0),
      tasks: inside,
    };
  }

  /**
   * The element that scrolls `element`: itself or its nearest scrollable ancestor.
   * @param {Element} element
   * @returns {HTMLElement | null}
   */
  function scrollerOf(element) {
    /** @type {HTMLElement | null} */
    let node = /** @type {HTMLElement} */ (element);
    while (node) {
      const scrollable = /auto|scroll|overlay/.test(getComputedStyle(node).overflowY);
      if (scrollable && node.scrollHeight > node.clientHeight + 1) return node;
      node = node.parentElement;
    }
    return null;
  }

  Object.defineProperty(window, '__bench', {
    value: Object.freeze({
      arm,
      scrollerOf,
      settled: () => pending,
      longTasksBetween,
      nextPaint,
    }),
  });
}

// Main-thread tasks with their CPU time, from a Chromium trace: on a machine shared with other
// work a task's wall time is mostly time the renderer waited for a core (a 300 ms "long task" may
// hold 7 ms of CPU), so the long tasks' CPU says which of them are the page's own work.

/** @typedef {{ name: string, ph: string, ts: number, dur?: number, tdur?: number, tid: number, pid: number, args?: any }} TraceEvent */

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8'];

/**
 * Runs `step` under tracing; returns the trace's events.
 * @param {import('playwright-core').CDPSession} cdp
 * @param {() => Promise<unknown>} step
 * @returns {Promise<TraceEvent[]>}
 */
export async function traceEvents(cdp, step) {
  /** @type {TraceEvent[]} */
  const events = [];
  const collect = (/** @type {{ value: TraceEvent[] }} */ data) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: CATEGORIES.join(','),
    transferMode: 'ReportEvents',
  });
  await step();
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/**
 * Runs `step` under tracing; returns the renderer main thread's tasks over `minMs` of wall time,
 * each with its CPU milliseconds and the CPU of the trace events inside it, by name.
 * @param {import('playwright-core').CDPSession} cdp
 * @param {() => Promise<unknown>} step
 * @param {number} minMs
 */
export async function tracedTasks(cdp, step, minMs) {
  return longMainTasks(await traceEvents(cdp, step), minMs);
}

/**
 * The renderer main thread's tasks over `minMs` of wall time in a trace, as `tracedTasks` gives.
 * @param {TraceEvent[]} events
 * @param {number} minMs
 */
export function longMainTasks(events, minMs) {
  const main = events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const onMain = events.filter(
    (event) => main && event.tid === main.tid && event.pid === main.pid && event.ph === 'X',
  );
  const tasks = onMain.filter(
    (event) => event.name === 'RunTask' && (event.dur ?? 0) >= minMs * 1000,
  );
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    /** @type {Map<string, number>} */
    const inside = new Map();
    for (const event of onMain) {
      if (event === task || event.ts < task.ts || event.ts > end || event.name === 'RunTask')
        continue;
      if (event.name.startsWith('ThreadControllerImpl')) continue;
      const name = eventLabel(event);
      inside.set(name, (inside.get(name) ?? 0) + (event.tdur ?? 0) / 1000);
    }
    return {
      /** When it began, on the trace's clock (microseconds). */
      ts: task.ts,
      ms: Math.round((task.dur ?? 0) / 1000),
      cpuMs: Math.round((task.tdur ?? 0) / 1000),
      inside: [...inside]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
        .join(', '),
    };
  });
}

/**
 * An event's name, and for a call into the page's script the function called and where it is:
 * what a long task ran, not only that it ran script.
 * @param {TraceEvent} event
 */
function eventLabel(event) {
  const data = event.args?.data;
  if (event.name !== 'FunctionCall' || !data) return event.name;
  const file = String(data.url ?? '')
    .split('/')
    .pop();
  const place = `${file}:${data.lineNumber ?? '?'}:${data.columnNumber ?? '?'}`;
  return `${event.name} ${data.functionName || '(anonymous)'} ${place}`;
}

/**
 * When the page called `console.timeStamp(label)`, on the trace's clock; null when it did not.
 * @param {TraceEvent[]} events
 * @param {string} label
 */
export function timeStampAt(events, label) {
  const mark = events.find(
    (event) => event.name === 'TimeStamp' && event.args?.data?.message === label,
  );
  return mark ? mark.ts : null;
}

/**
 * The CPU milliseconds, over the whole trace, of the worker threads that ran the script whose
 * address holds `script` (a bundle's name, as `linksWorker`): the sum of their tasks' thread time.
 * @param {TraceEvent[]} events
 * @param {string} script
 */
export function workerCpuMs(events, script) {
  const threads = new Set(
    events
      .filter((event) => String(event.args?.data?.url ?? '').includes(script))
      .map((event) => `${event.pid}:${event.tid}`),
  );
  let micros = 0;
  for (const event of events) {
    if (event.ph === 'X' && event.name === 'RunTask' && threads.has(`${event.pid}:${event.tid}`)) {
      micros += event.tdur ?? 0;
    }
  }
  return Math.round(micros / 1000);
}

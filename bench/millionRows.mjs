// The rows of `npm run bench:million`: each figure of issue 33 with its target, PASS or FAIL. A
// figure never reached (the load stopped, the tab crashed) is null and fails its target.

/** @typedef {import('./figures.mjs').Row} Row */

export const MILLION_TARGETS = {
  loadPerFloor: 1.5,
  rootShownMs: 1000,
  longTaskMs: 50,
  pssPerJsonByte: 0.5,
  openMs: 100,
  serverMB: 1000,
  tablePerJsonByte: 0.2,
};

const MB = 1e6;

/** @param {number | null | undefined} value @param {number} limit */
const within = (value, limit) => value !== null && value !== undefined && value <= limit;

/**
 * @param {string} key @param {string} name @param {number | null} value
 * @param {Partial<Row>} rest
 * @returns {Row}
 */
function row(key, name, value, rest) {
  return { key, name, value, unit: 'ms', target: '', ratios: '', pass: null, note: '', ...rest };
}

/**
 * @param {any} figures what million.mjs measured; any part may be missing when it stopped early
 * @returns {Row[]}
 */
export function millionRows(figures) {
  const T = MILLION_TARGETS;
  const { body, load, floor, open, scroll, exported, warmUp, live, links, doctor } = figures;
  const skipped = figures.skipped?.length
    ? `or left out (--skip ${figures.skipped.join(',')})`
    : '';
  const missing = `not measured: ${figures.stopped ?? `the run stopped before it ${skipped}`.trim()}`;
  // `--model` runs the steps on a smaller model: its rows say so.
  const n = body.ids.length;
  const M = n === 1e6 ? '1M' : n >= 1000 ? `${n / 1000}k` : `${n}`;
  const floorMs = floor?.ms ?? null;
  const done = load?.done ?? null;
  const grown =
    figures.pssBefore !== undefined && figures.pssAfter !== undefined && load?.done != null
      ? figures.pssAfter - figures.pssBefore
      : null;
  const slowestOpen = open?.opened?.length
    ? Math.max(...open.opened.map((/** @type {any} */ o) => o.painted ?? Infinity))
    : null;
  const rows = [
    row('floor', `${M}: fetch and discard the body (floor)`, floorMs, {
      note: floor ? `${(floor.bytes / MB).toFixed(0)} MB received (gzip decoded)` : missing,
    }),
    row('load', `${M}: load with children, click → listed`, done, {
      target: `≤ ${T.loadPerFloor}× floor`,
      ratios: done !== null && floorMs ? `${(done / floorMs).toFixed(2)}× floor` : '',
      pass: done !== null && floorMs !== null && done <= T.loadPerFloor * floorMs,
      note: load ? `status when the root showed: ${load.status}` : missing,
    }),
    row('root-shown', `${M}: first object visible after the click`, load?.rootShown ?? null, {
      target: `≤ ${T.rootShownMs} ms`,
      pass: within(load?.rootShown, T.rootShownMs),
    }),
    row(
      'load-long-task',
      `${M}: longest main-thread task during the load`,
      load?.longTasks?.longest ?? null,
      {
        target: `≤ ${T.longTaskMs} ms`,
        pass: load ? within(load.longTasks.longest, T.longTaskMs) : false,
        note: load
          ? `${load.longTasks.count} long tasks, ${Math.round(load.longTasks.total)} ms in all`
          : missing,
      },
    ),
    row(
      'pss-growth',
      `${M}: browser memory (PSS, all processes), growth over the load`,
      grown === null ? null : grown / MB,
      {
        unit: 'MB',
        target: `≤ ${T.pssPerJsonByte}× JSON`,
        ratios: grown === null ? '' : `${(grown / body.bytes).toFixed(2)}× JSON`,
        pass: grown !== null && grown <= T.pssPerJsonByte * body.bytes,
        note:
          `${fmtMB(figures.pssBefore)} before the click, ${fmtMB(figures.pssAfter)} after the load, ` +
          `peak ${fmtMB(figures.pssPeak)}; JSON ${fmtMB(body.bytes)}` +
          (figures.stopped ? `; ${figures.stopped}` : ''),
      },
    ),
    row(
      'links-built',
      `${M}: load ended → "Referenced by" painted (links index)`,
      links?.builtMs ?? null,
      {
        note: links
          ? `the root's heading: "${links.heading}"; CPU of the links worker while traced (from just after the load's end): ${links.workerCpuMs} ms`
          : missing,
      },
    ),
    row(
      'links-long-task',
      `${M}: longest main-thread task while the links index builds`,
      links?.longTasks.longest ?? null,
      {
        target: `≤ ${T.longTaskMs} ms`,
        pass: links ? within(links.longTasks.longest, T.longTaskMs) : false,
        note: links
          ? `${links.longTasks.count} long tasks; ${tracedNote(links.tracedTasks)}`
          : missing,
      },
    ),
    row('open', `${M}: open an object from the list, slowest of the picks`, slowestOpen, {
      target: `≤ ${T.openMs} ms`,
      pass: within(slowestOpen, T.openMs) && (open?.missing?.length ?? 1) === 0,
      note: open
        ? open.opened
            .map(
              (/** @type {any} */ o) =>
                `${o.why} ${o.painted === null ? '–' : Math.round(o.painted)} ms`,
            )
            .join(', ') +
          (open.missing.length ? `; not found in the list: ${open.missing.join(', ')}` : '')
        : missing,
    }),
    row(
      'scroll',
      `${M}: scroll the list end to end, longest task`,
      scroll?.longTasks?.longest ?? null,
      {
        target: `≤ ${T.longTaskMs} ms`,
        pass: scroll ? scroll.reachedEnd && within(scroll.longTasks.longest, T.longTaskMs) : false,
        note: scroll ? `${scroll.frames} frames, reached the end: ${scroll.reachedEnd}` : missing,
      },
    ),
    ...(figures.search ?? []).flatMap((/** @type {any} */ run) => {
      const query = JSON.stringify(run.query.slice(0, 16));
      const grown = run.pssPeak - run.pssBefore;
      return [
        row(`search-first`, `${M}: search ${query}, first match listed`, run.firstResultMs, {
          note: 'from the keystroke, the box’s 250 ms pause included',
        }),
        row(`search-done`, `${M}: search ${query}, done`, run.doneMs, {
          note: `status: ${run.status}`,
        }),
        row(
          `search-long-task`,
          `${M}: search ${query}, longest main-thread task`,
          run.longTasks.longestMs,
          {
            target: `≤ ${T.longTaskMs} ms`,
            pass: run.longTasks.longestMs <= T.longTaskMs,
            note: `${run.longTasks.count} long tasks, ${run.longTasks.totalMs} ms in all`,
          },
        ),
        row(`search-pss`, `${M}: search ${query}, browser memory (PSS) growth`, grown / MB, {
          unit: 'MB',
          ratios: `${(grown / body.bytes).toFixed(3)}× JSON`,
          note: `peak ${fmtMB(run.pssPeak)} over ${fmtMB(run.pssBefore)} before the search`,
        }),
      ];
    }),
    ...(figures.searchMissing
      ? [
          row('search', `${M}: search all objects`, null, {
            pass: false,
            note: `not measured: ${figures.searchMissing}`,
          }),
        ]
      : []),
    ...tableRows(figures.table, M, body.bytes, missing),
    row('doctor', `${M}: Check model, click → report`, doctor?.result.doneMs ?? null, {
      note: doctor
        ? `${doctor.result.status}; CPU of the check's worker: ${doctor.workerCpuMs} ms`
        : missing,
    }),
    row(
      'doctor-long-task',
      `${M}: longest main-thread task during Check model`,
      doctor?.result.longTasks.longestMs ?? null,
      {
        target: `≤ ${T.longTaskMs} ms`,
        pass: doctor ? within(doctor.result.longTasks.longestMs, T.longTaskMs) : false,
        note: doctor
          ? `${doctor.result.longTasks.count} long tasks; ${tracedNote(doctor.tasks)}`
          : missing,
      },
    ),
    row('export', `${M}: export lines to a save picker, click → closed`, exported?.ms ?? null, {
      target: 'the server’s bytes',
      pass: exported ? exported.bytes === body.bytes && exported.hash === body.hash : false,
      note: exported
        ? `${fmtMB(exported.bytes)}, FNV-1a ${exported.hash} (server: ${fmtMB(body.bytes)}, ` +
          `${body.hash}); JS heap peak ${fmtMB(exported.peak)} over ${fmtMB(exported.baseline)}`
        : missing,
    }),
    row(
      'server-warm',
      'demo server RSS, first request (builds on disk if needed)',
      warmUp.peak / MB,
      {
        unit: 'MB',
        note: `${Math.round(warmUp.ms / 1000)} s to read the body from node`,
      },
    ),
    row(
      'server-stored',
      'demo server RSS, sending the stored gzip file',
      figures.serverRss?.peak / MB,
      {
        unit: 'MB',
        target: `< ${T.serverMB} MB`,
        pass: within(figures.serverRss?.peak / MB, T.serverMB),
      },
    ),
    row('server-live', 'demo server RSS, streaming with live gzip', live ? live.peak / MB : null, {
      unit: 'MB',
      target: `< ${T.serverMB} MB`,
      pass: live ? live.peak / MB < T.serverMB : null,
      note: live
        ? `over its first ${fmtMB(live.bytes)}, in ${Math.round(live.ms / 1000)} s`
        : 'skipped (--skip-live)',
    }),
  ];
  return rows;
}

/**
 * The property table's rows: five columns of every object, then sorted and grouped.
 * @param {any} table @param {string} M @param {number} jsonBytes @param {string} missing
 * @returns {Row[]}
 */
function tableRows(table, M, jsonBytes, missing) {
  const T = MILLION_TARGETS;
  const grown = table ? table.pssPeak - table.pssBefore : null;
  const longest = table
    ? Math.max(table.built.longTasks.longestMs, table.ordered.longTasks.longestMs)
    : null;
  return [
    row(
      'table-build',
      `${M}: property table of 5 columns, click → rows counted`,
      table?.built.doneMs ?? null,
      {
        note: table ? table.built.status : missing,
      },
    ),
    row(
      'table-order',
      `${M}: the table sorted and grouped, address → rows counted`,
      table?.ordered.doneMs ?? null,
      {
        note: table ? table.ordered.status : missing,
      },
    ),
    row('table-long-task', `${M}: property table, longest main-thread task`, longest, {
      target: `≤ ${T.longTaskMs} ms`,
      pass: within(longest, T.longTaskMs),
      note: table
        ? `building, traced tasks over 50 ms: ${
            table.traced
              .map((/** @type {any} */ t) => `${t.ms} ms (CPU ${t.cpuMs} ms: ${t.inside})`)
              .join(', ') || 'none'
          }`
        : missing,
    }),
    row(
      'table-pss',
      `${M}: property table, browser memory (PSS) growth`,
      grown === null ? null : grown / MB,
      {
        unit: 'MB',
        target: `≤ ${T.tablePerJsonByte}× JSON`,
        ratios: grown === null ? '' : `${(grown / jsonBytes).toFixed(3)}× JSON`,
        pass: grown !== null && grown <= T.tablePerJsonByte * jsonBytes,
        note: table
          ? `peak ${fmtMB(table.pssPeak)} over ${fmtMB(table.pssBefore)} before the table`
          : missing,
      },
    ),
  ];
}

/**
 * The traced main-thread tasks over 50 ms, each with its CPU: on a shared machine most of a long
 * task's wall time is waiting for a core.
 * @param {{ ms: number, cpuMs: number }[]} tasks
 */
function tracedNote(tasks) {
  if (tasks.length === 0) return 'traced: no task over 50 ms';
  const cpu = Math.max(...tasks.map((task) => task.cpuMs));
  const walls = tasks.map((task) => `${task.ms} ms (CPU ${task.cpuMs} ms)`).join(', ');
  return `traced tasks over 50 ms: ${walls}; the most CPU in one: ${cpu} ms`;
}

/** @param {number | undefined} bytes */
function fmtMB(bytes) {
  return bytes === undefined ? '–' : `${Math.round(bytes / MB).toLocaleString('en-US')} MB`;
}

/**
 * Resolves in a new task of the event loop, so that a long run of work on the main thread lets the
 * browser paint and handle input: sliced scans and the export's writer.
 * A message, not setTimeout, which the browser clamps to 4 ms once timers nest.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

interface BackgroundScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * Resolves in a new task that waits for the page's other work: for background scans such as the
 * closure check, which reads a model's whole body for seconds after a load. In tasks of normal
 * priority its slices took turns with every step of opening an object (render, decode, render
 * again), which then took several times as long. Chromium's `scheduler.postTask` runs a background
 * task only when no task of higher priority waits; elsewhere this is nextTask.
 */
export function backgroundTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: BackgroundScheduler };
  if (typeof scheduler?.postTask !== 'function') return nextTask();
  return scheduler.postTask(() => undefined, { priority: 'background' });
}

/** How long afterNextPaint waits for a frame: a hidden page paints none. */
const NO_FRAME_WAIT_MS = 100;

/**
 * Resolves in a task after the browser's next paint: for work that a change has asked for but that
 * should not hold back that change's drawing. Where nothing paints (node, a hidden page) it goes
 * on after a short wait.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return nextTask();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, NO_FRAME_WAIT_MS);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      void nextTask().then(resolve);
    });
  });
}

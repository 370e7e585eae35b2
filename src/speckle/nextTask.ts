/**
 * Resolves in a new task of the event loop, so that a long run of work on the main thread lets the
 * browser paint and handle input: sliced scans, the body's read loop, the export's writer.
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

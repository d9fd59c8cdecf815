type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a new task of the event loop, not a microtask: what follows runs in a task of its
 * own, so a sequence of steps makes several short tasks rather than one long one (issue 15).
 * `scheduler.yield()` where the browser has it (its continuation goes before other pending
 * tasks), else a message to ourselves, which no timer clamping delays.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

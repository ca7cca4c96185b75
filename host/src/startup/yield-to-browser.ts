/** What the yield uses of the page's globals (a parameter, so each way can be tested). */
export interface YieldGlobals {
  scheduler?: { yield?: () => Promise<void> };
  MessageChannel?: typeof MessageChannel;
}

/**
 * Ends the current task and resumes in a new one, so start-up work comes in pieces the browser can
 * paint and answer input between (Lighthouse counts every task over 50 ms at 4x CPU as blocking).
 * scheduler.yield() resumes ahead of other queued tasks; elsewhere a message resumes without
 * setTimeout's 4 ms nesting clamp; setTimeout only where neither exists.
 */
export function yieldToBrowser(globals: YieldGlobals = globalThis as YieldGlobals): Promise<void> {
  if (typeof globals.scheduler?.yield === 'function') return globals.scheduler.yield();
  const Channel = globals.MessageChannel;
  return new Promise((resolve) => {
    if (!Channel) {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new Channel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

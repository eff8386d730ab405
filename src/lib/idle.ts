/**
 * Runs `task` once the browser is idle, at the latest after `timeout` ms (after a zero timeout where there is no idle
 * callback). For work nobody waits for yet, such as fetching code a later tap needs. Returns the cancel.
 */
export function onIdle(task: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const id = window.requestIdleCallback(() => task(), { timeout });
  return () => window.cancelIdleCallback(id);
}

/**
 * Hands the main thread back to the browser (input, rendering) before the next step: `scheduler.yield()` where
 * there is one (it resumes ahead of other queued work and is never clamped), else a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  if (typeof scheduler !== 'undefined' && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Loads modules in order, each evaluated in a task of its own. A dynamic import evaluates everything it needs that
 * has not run yet in one task; importing a page's large libraries first keeps each of those tasks short on a phone.
 * A step that fails is passed over: the import that needs it fails in its own place, where its error is shown.
 */
export async function importInSteps(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await step().catch(() => undefined);
    await yieldToMain();
  }
}

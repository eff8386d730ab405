/*
 * The search of /form/book-a-demo/success, zod-free: the route's search check runs in the first-load route tree.
 * It only repeats what the person chose, so anything odd is dropped rather than refused.
 */

export interface DemoBookedSearch {
  /** yyyy-MM-dd. */
  date?: string;
  slot?: string;
}

export function parseDemoBookedSearch(search: Record<string, unknown>): DemoBookedSearch {
  const { date, slot } = search;
  return {
    ...(typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { date } : {}),
    ...(typeof slot === 'string' && /^[A-Z_]{1,20}$/.test(slot) ? { slot } : {}),
  };
}

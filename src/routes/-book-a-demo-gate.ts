import { notFound } from '@tanstack/react-router';
import { featureFlags } from '@/lib/featureFlags';

/** The book-a-demo routes are the not-found page while spec §9's book-a-demo route flag is off (its default). */
export function bookADemoGate(): void {
  if (!featureFlags.bookADemoRoute) throw notFound();
}

import { onFormSent } from '@/api/formEvents';
import { startOutbox } from '@/api/outbox';
import { lazyTrack } from '@/features/analytics/lazyTrack';

/*
 * What the live page starts once it is hydrated, off the first load: the outbox (writes that waited go now, on every
 * reconnect and when the service worker asks) and spec §1's form_submit_success for every stored form submission,
 * whichever page or flow sent it (../../api/formEvents.ts keeps one heard before this runs).
 */
export function startBackgroundWork(): void {
  onFormSent((submission) =>
    lazyTrack('form_submit_success', {
      form_id: submission.form_id,
      product: submission.form_submission_data.product ?? null,
    }),
  );
  startOutbox();
}

import { type CheckoutDraft, writeCheckoutDraft } from '@/storage/checkoutDraft';
import type { CheckoutFormValues } from './checkoutForm';
import { draftOf } from './prefill';

/*
 * Saves the checkout form as the buyer types (spec §4 step 13, DESIGN §5 "the checkout draft expires after 7
 * days"): writes are debounced as the cart's are, and flushed when the page is hidden or left, so a closed tab
 * or a phone putting the browser away loses nothing. IndexedDB needs no network, so it works offline too.
 */

export const DRAFT_WRITE_DELAY_MS = 400;

export interface DraftSaverOptions {
  write?: (draft: CheckoutDraft, now: number) => Promise<void>;
  now?: () => number;
  delayMs?: number;
  /** Where pagehide and visibilitychange are heard; none on the server. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Document };
}

export interface DraftSaver {
  /** Remembers the form's values; they are written once typing pauses. */
  save(values: CheckoutFormValues): void;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Stops listening and saving; whatever is pending is written first. */
  dispose(): Promise<void>;
}

export function createDraftSaver({
  write = writeCheckoutDraft,
  now = Date.now,
  delayMs = DRAFT_WRITE_DELAY_MS,
  target = typeof window === 'undefined' ? undefined : window,
}: DraftSaverOptions = {}): DraftSaver {
  let pending: CheckoutDraft | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const flush = async () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const draft = pending;
    pending = undefined;
    if (draft) await write(draft, now());
  };
  const onHide = () => void flush();
  const onVisibility = () => {
    if (target?.document.visibilityState === 'hidden') void flush();
  };
  target?.addEventListener('pagehide', onHide);
  target?.document.addEventListener('visibilitychange', onVisibility);

  return {
    save(values) {
      if (disposed) return;
      pending = draftOf(values);
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
    async dispose() {
      disposed = true;
      target?.removeEventListener('pagehide', onHide);
      target?.document.removeEventListener('visibilitychange', onVisibility);
      await flush();
    },
  };
}

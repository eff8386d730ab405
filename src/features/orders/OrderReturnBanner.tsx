import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { CloseIcon } from '@/ui/icons';
import { NotifyMeButton } from '@/ui/NotifyMeButton';
import type { OrderReturnView } from './orderReturnWatcher';
import './orders.css';

/**
 * What the buyer sees, unasked, on any page when their last order's payment resolves: "Your order IBC… is
 * confirmed — View order". The live region stays mounted so screen readers announce the message when it appears.
 */
export function OrderReturnBanner({ view, onDismiss }: { view: OrderReturnView; onDismiss: () => void }) {
  const router = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    event.preventDefault();
    onDismiss();
    void router.navigate({ href });
  };
  return (
    <div className="order-return" role="status" aria-live="polite">
      {view.kind !== 'idle' && (
        <div className={`order-return__card order-return__card--${view.notice.status.toLowerCase()}`}>
          <p className="order-return__message">
            {view.notice.message}
            {view.kind === 'resolved' && (
              <>
                {' — '}
                <a href={view.notice.action.href} onClick={(event) => follow(event, view.notice.action.href)}>
                  {view.notice.action.label}
                </a>
              </>
            )}
          </p>
          {view.kind === 'pending' && <NotifyMeButton />}
          <button type="button" className="order-return__close" aria-label="Dismiss" onClick={onDismiss}>
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}

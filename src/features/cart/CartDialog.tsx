import type { Currency } from '@contract/constants';
import { useNavigate } from '@tanstack/react-router';
import { useIsOnline } from '@/api/online';
import { formatDayTime } from '@/lib/dates';
import { noCostEmiWithheld } from '@/lib/noCostEmi';
import { useCart } from '@/state/cartEdits';
import { useCountry } from '@/state/country';
import { AmountView } from '@/ui/AmountView';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { Money } from '@/ui/Money';
import { Skeleton } from '@/ui/Skeleton';
import { CartTable } from './CartLines';
import { type CartEstimate, useCartEstimate } from './estimate';
import { closeCart, useCartOpen } from './view';
import './cart.css';
import '@/ui/visually-hidden.css';

function formatCheckedAt(at: number | null): string {
  if (at === null) return 'when added';
  return formatDayTime(at, Date.now());
}

/** Says how current the prices are: last known offline (or when a refresh failed), or changed since. */
function PricesStatus({
  estimate,
  online,
  checkedAt,
}: {
  estimate: CartEstimate;
  online: boolean;
  checkedAt: number | null;
}) {
  if (estimate.status === 'lastKnown') {
    const at = formatCheckedAt(estimate.estimate?.at ?? checkedAt);
    return (
      <div className="cart-offline" role="status">
        <p>
          {online
            ? `Last known prices, as of ${at}: we could not check them just now`
            : `Last known prices, as of ${at}: they will update when you are back online`}
        </p>
        {online && (
          <Button variant="link" size="s" onClick={estimate.retry} disabled={estimate.retrying}>
            Check prices again
          </Button>
        )}
      </div>
    );
  }
  if (estimate.status === 'changedOffline') {
    return (
      <p className="cart-offline" role="status">
        {estimate.latest
          ? 'Your cart changed while you were offline: its prices will update when you are back online'
          : estimate.catalogue.size > 0
            ? 'Last known prices, from the shop as you last saw it: the total will show when you are back online'
            : 'Prices with GST will show when you are back online'}
      </p>
    );
  }
  if (!online) {
    return (
      <p className="cart-offline" role="status">
        Prices as of {formatCheckedAt(checkedAt)} will be checked when you are back online
      </p>
    );
  }
  return null;
}

/** The order total with GST (spec §3 price view: subtotal), its GST, named discounts and the shipping note. */
function CartSummary({
  estimate,
  currency,
  packageCodes,
}: {
  estimate: CartEstimate;
  currency: Currency;
  packageCodes: readonly string[];
}) {
  const view = estimate.estimate?.view ?? null;
  const emiWithheld = noCostEmiWithheld(packageCodes, currency);
  const known = view !== null || estimate.status === 'none';
  const loading = !known && estimate.status === 'loading';
  return (
    <div className="cart-summary" aria-busy={loading || estimate.status === 'updating'}>
      {view?.otherDiscounts.map((discount) => (
        <div key={discount.name} className="cart-summary__row">
          <span>{discount.name}</span>
          <span>
            −<Money minor={discount.value} currency={view.currency} />
          </span>
        </div>
      ))}
      <div className="cart-total">
        <span>Total</span>
        <AmountView
          status={known ? 'known' : loading ? 'loading' : 'unknown'}
          loadingLabel="Loading the total"
          className="cart-total__amount"
        >
          <Money
            minor={view?.subtotal ?? 0}
            currency={view?.currency ?? currency}
            className="cart-total__amount"
          />
        </AmountView>
      </div>
      <p className="cart-note">
        {loading ? (
          <Skeleton variant="text" width="16ch" />
        ) : view && view.taxAmount > 0 ? (
          <>
            Includes GST of <Money minor={view.taxAmount} currency={view.currency} />
          </>
        ) : view ? (
          'No GST applies'
        ) : (
          // Keeps the line's height while the total is not known, so nothing below it moves.
          '\u00a0'
        )}
      </p>
      {view?.isShippingRequired && <p className="cart-note">Shipping is calculated at checkout</p>}
      {emiWithheld && (
        <p className="cart-note" role="note">
          {emiWithheld}
        </p>
      )}
      {estimate.status === 'error' && (
        <div className="cart-error" role="alert">
          <p>{estimate.error?.message || 'We could not get the prices of your cart.'}</p>
          <Button variant="secondary" size="s" onClick={estimate.retry} disabled={estimate.retrying}>
            Retry
          </Button>
        </div>
      )}
    </div>
  );
}

/** The cart body: the product list (spec §2 "your cart"), the server's estimate of its total, the offline note. */
export function CartContents() {
  const cart = useCart();
  const navigate = useNavigate();
  const online = useIsOnline();
  const estimate = useCartEstimate(cart.items, cart.currency, useCountry().countryCode, !cart.isEmpty);
  if (cart.isEmpty) {
    return (
      <div className="cart-empty">
        <p>Your cart is empty.</p>
        <p>Add a home kit, the game or a bat from the shop.</p>
      </div>
    );
  }
  return (
    <div className="cart">
      <PricesStatus estimate={estimate} online={online} checkedAt={cart.metadata.pricesCheckedAt} />
      <CartTable items={cart.items} currency={cart.currency} online={online} estimate={estimate} editable />
      <CartSummary
        estimate={estimate}
        currency={cart.currency}
        packageCodes={cart.items.map((line) => line.packageCode)}
      />
      <div className="cart-footer">
        {/* The checkout sends a buyer who is not signed in through /sign-in and back. */}
        <Button
          fullWidth
          size="l"
          onClick={() => {
            closeCart();
            void navigate({ to: '/checkout' });
          }}
        >
          Checkout
        </Button>
      </div>
    </div>
  );
}

/** The cart view in the ui Modal (a bottom sheet on phones); openCart() opens it. */
export function CartDialog() {
  const open = useCartOpen();
  return (
    <Modal open={open} onClose={closeCart} title="Your cart" className="cart-dialog">
      <CartContents />
    </Modal>
  );
}

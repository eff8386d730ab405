import { prepareMoneyFormat } from '@contract/money';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ORDER_CONTRACT_IMPORTS } from '@/api/contractImports';
import { AD_BOOKING_PATH } from '@/lib/adPackages';
import { importInSteps } from '@/lib/yieldToMain';
import { adBookingStore, isAdBookingComplete } from '@/state/adBooking';
import { cartStore } from '@/state/cart';
import { useCountry } from '@/state/country';
import { CheckoutLoading, type CheckoutPageProps, useLoadedChunk } from './CheckoutShell';
import { useCheckoutBoot } from './checkoutBoot';
import './checkout-page.css';

export {
  type CheckoutPageProps,
  OFFLINE_REASON,
  PAY_LABEL,
  paymentEndHref,
} from './CheckoutShell';

/*
 * The checkout page (spec §2 Checkout page): a title strip, the currency switch, the details form and the order
 * summary with the pay action — inside a bottom sheet on a phone, beside the form from 769 px. The summary's
 * contents and the total bar are the caller's (the route composes them); the machines (./CheckoutFlow) and the form
 * and sheet (./CheckoutReady) come in chunks of their own, each evaluated in its own task while the loading screen shows.
 */

// Each large library the machines and the form need evaluates in a task of its own, before the chunk that uses it.
const loadFlow = () =>
  importInSteps([
    ...ORDER_CONTRACT_IMPORTS,
    () => import('@/lib/phone'),
    () => import('./checkoutMachine'),
  ]).then(() => import('./CheckoutFlow'));
const loadReady = () =>
  importInSteps([() => import('@/ui/Modal'), () => import('@/ui/form/form')]).then(
    () => import('./CheckoutReady'),
  );

function TitleStrip({ title, currencySwitch }: { title: string; currencySwitch?: ReactNode }) {
  return (
    <header className="checkout-page__strip">
      <h1 className="checkout-page__title">{title}</h1>
      {currencySwitch}
    </header>
  );
}

function EmptyCheckout({ shopPath }: { shopPath: string }) {
  return (
    <section className="checkout-page__empty" aria-labelledby="checkout-empty-title">
      <h2 id="checkout-empty-title">Your cart is empty</h2>
      <p>Add a kit, a game or a bat to your cart to check out.</p>
      <a className="checkout-page__empty-link" href={shopPath}>
        Continue shopping
      </a>
    </section>
  );
}

function EmptyAdBooking() {
  return (
    <section className="checkout-page__empty" aria-labelledby="checkout-empty-title">
      <h2 id="checkout-empty-title">Nothing to book yet</h2>
      <p>Choose a venue, its devices, your dates and your ad first.</p>
      <a className="checkout-page__empty-link" href={AD_BOOKING_PATH}>
        Book an ad
      </a>
    </section>
  );
}

/** The page while the browser has not taken it over yet (the server's render): the title and the loading screen. */
export function CheckoutLoadingPage({
  title,
  currencySwitch,
}: {
  title: string;
  currencySwitch?: ReactNode;
}) {
  return (
    <div className="checkout-page">
      <TitleStrip title={title} currencySwitch={currencySwitch} />
      <CheckoutLoading />
    </div>
  );
}

export function CheckoutPage(props: CheckoutPageProps) {
  // Each big mount (the machines, then the form) is rendered as a transition: React slices it into short tasks.
  const source = props.source ?? 'cart';
  const boot = useDeferredValue(useCheckoutBoot(source));
  // Asked for as the page opens, while the device's draft and cart are read.
  const flow = useLoadedChunk(loadFlow);
  const { currency } = useCountry();
  useEffect(() => {
    const timer = setTimeout(() => prepareMoneyFormat(currency));
    return () => clearTimeout(timer);
  }, [currency]);
  // The ready page's chunk too, in a task of its own: adding its preload links is not free on a phone.
  useEffect(() => {
    const timer = setTimeout(() => void loadReady().catch(() => undefined));
    return () => clearTimeout(timer);
  }, []);
  const { items } = useSnapshot(cartStore);
  const { choice } = useSnapshot(adBookingStore);
  let body: ReactNode;
  if (!boot) body = <CheckoutLoading />;
  else if (
    source === 'adBooking' &&
    !isAdBookingComplete(choice as Parameters<typeof isAdBookingComplete>[0])
  )
    body = <EmptyAdBooking />;
  else if (source === 'cart' && items.length === 0) body = <EmptyCheckout shopPath={props.shopPath ?? '/'} />;
  else if (!flow) body = <CheckoutLoading />;
  else body = <flow.CheckoutFlow {...props} boot={boot} />;
  return (
    <div className="checkout-page">
      <TitleStrip title={props.title} currencySwitch={props.currencySwitch} />
      {body}
    </div>
  );
}

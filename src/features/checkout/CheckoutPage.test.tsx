import type { Package } from '@contract/catalogue';
import { PACKAGE_CODES } from '@contract/constants';
import { formatMoney, toMinor } from '@contract/money';
import { orderCreateRequestSchema } from '@contract/orders';
import type { PriceEstimateRequest } from '@contract/pricing';
import { IsRestoringProvider, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { clear } from 'idb-keyval';
import { useLayoutEffect } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQuery } from '@/api/account';
import { errorBody, fakeNetwork, json, resetClient, type SeenRequest } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { wireProfile } from '@/api/user.test-helpers';
import { fakeEstimate } from '@/features/cart/estimate.test-helpers';
import { addPackageToCart, cartStore, disposeCart } from '@/state/cart';
import { pkg, product, solo } from '@/state/cart.test-helpers';
import { countryStore, setCountry } from '@/state/country';
import {
  readCheckoutDraft,
  readCheckoutEstimate,
  readLastOrderId,
  writeCheckoutDraft,
  writeLastOrderId,
} from '@/storage/checkoutDraft';
import { kvStore } from '@/storage/kv';
import { keepReferralCode } from '@/storage/referralCode';
import { CheckoutPage, type CheckoutPageProps, OFFLINE_REASON, PAY_LABEL } from './CheckoutPage';
import { REQUIRED_MESSAGE } from './checkoutForm';
import type { CheckoutSummaryState } from './summary/types';
import { INVITE_REQUEST_PATH } from './variants';

beforeAll(async () => {
  MotionGlobalConfig.skipAnimations = true;
  // The page loads its flow and its form lazily: loaded here once, a test's first render does not wait on transforms.
  await Promise.all([import('./CheckoutFlow'), import('./CheckoutReady')]);
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});

const licence = () =>
  pkg({
    package_id: 5,
    package_code: PACKAGE_CODES.businessLicence,
    name: 'Business licence',
    is_shipping_required: false,
    products: [
      product({
        product_id: 51,
        product_code: 'IBC_PREMIUM_LICENCE',
        name: 'Premium licence',
        taxable_amount: 100_000,
      }),
    ],
  });

interface Server {
  profile: Record<string, unknown>;
  catalogue: Package[];
  estimateFails: boolean;
  /** The shipping-charge call refuses the pincode with a field error. */
  shippingRefused: boolean;
  /** A named discount the estimate gives (major units), none when 0. */
  otherDiscount: number;
  /** The order calls' answers (create, cancel, status, payment services); undefined falls through. */
  orders?: (pathname: string, request: SeenRequest) => Response | Promise<Response> | undefined;
}

let server: Server;
let requests: SeenRequest[];

const KARNATAKA_OFFICE = {
  Name: 'Cubbon Road S.O',
  Description: null,
  BranchType: 'Sub Post Office',
  DeliveryStatus: 'Delivery',
  Circle: 'Karnataka',
  District: 'Bengaluru',
  Division: 'Bangalore GPO',
  Region: 'Bangalore HQ',
  Block: 'Bangalore North',
  State: 'Karnataka',
  Country: 'India',
  Pincode: '560001',
};

function serve() {
  ({ requests } = fakeNetwork((request) => {
    const { pathname } = new URL(request.url, 'http://shop.test');
    if (pathname === '/api/user/profile/v1/') return json(200, { profile: server.profile });
    if (pathname === '/api/invoicing/pickup_locations/v1/')
      return json(200, {
        pickup_locations: [
          {
            pickup_location_id: 1,
            address1: '12 Cubbon Road',
            address2: null,
            city: 'Bengaluru',
            state: 'Karnataka',
            country: 'India',
            pincode: '560001',
            maps_location_id: null,
            mobile_number: '9876500000',
            start_datetime: '2025-01-01T10:00:00+05:30',
            end_datetime: '2030-12-31T19:00:00+05:30',
          },
        ],
      });
    if (pathname === '/api/commerce/states/v1/')
      return json(200, {
        states_details: [
          { state_name: 'Karnataka', state_name_enum: 'KARNATAKA' },
          { state_name: 'Kerala', state_name_enum: 'KERALA' },
        ],
      });
    if (pathname === '/api/postal/pincode/560001')
      return json(200, [{ Message: 'Found', Status: 'Success', PostOffice: [KARNATAKA_OFFICE] }]);
    if (pathname === '/api/postal/pincode/999999')
      return json(200, [{ Message: 'No records found', Status: 'Error', PostOffice: null }]);
    if (pathname.startsWith('/api/commerce/shipping_charges/'))
      return server.shippingRefused
        ? json(
            400,
            errorBody(400, 'INVALID_PINCODE', {
              message: 'We do not ship to this pincode',
              field: 'pincode',
            }),
          )
        : json(200, { shipping_charges: 0 });
    if (pathname.includes('/orders/price_estimate/')) {
      if (server.estimateFails) return json(503, errorBody(503, 'SERVICE_UNAVAILABLE'));
      const estimate = fakeEstimate(request.body as PriceEstimateRequest, { packages: server.catalogue });
      return json(200, {
        ...estimate,
        other_discounts: server.otherDiscount
          ? [{ discount_name: 'Festival offer', discount_value: server.otherDiscount }]
          : estimate.other_discounts,
      });
    }
    const answer = server.orders?.(pathname, request);
    if (answer) return answer;
    return json(404, errorBody(404, 'NOT_FOUND'));
  }));
}

const estimateCalls = () => requests.filter((r) => r.url.includes('/orders/price_estimate/'));

function summary(state: CheckoutSummaryState) {
  return (
    <div>
      {state.codeForms}
      <p>Estimate {state.status}</p>
    </div>
  );
}
const totalBar = (state: CheckoutSummaryState) => (
  <p>Total {formatMoney(state.estimate.totalPrice, state.estimate.currency)}</p>
);

/** Runs on every commit of the render it is part of, before that render's effects. */
function OnCommit({ run }: { run: () => void }) {
  useLayoutEffect(run);
  return null;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function checkoutTree(props: Partial<CheckoutPageProps>, client: QueryClient, restoring = false) {
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>
        <CheckoutPage
          title="Checkout"
          userId="u-1"
          summary={summary}
          totalBar={totalBar}
          features={{ selfPickup: true, internationalUsers: false, businessTandC: false }}
          {...props}
        />
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}

function renderCheckout(props: Partial<CheckoutPageProps> = {}, client = newClient()) {
  return render(checkoutTree(props, client));
}

const payButton = () => screen.getByRole('button', { name: PAY_LABEL });
const field = (name: string) => screen.getByRole('textbox', { name });

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Address line 1' }), '12 MG Road');
  // The account's number is there; the courier is to call another.
  await user.clear(field('Mobile number for delivery'));
  await user.type(field('Mobile number for delivery'), '9876543211');
  await user.type(field('Pincode'), '560001');
  await waitFor(() => expect(field('City')).toHaveValue('Bengaluru'));
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
}

describe('CheckoutPage', () => {
  beforeEach(async () => {
    resetClient();
    await clear(kvStore());
    disposeCart();
    sessionStorage.clear();
    server = {
      profile: wireProfile({ email: 'asha@example.com', is_email_verified: true }),
      catalogue: [solo(), licence()],
      estimateFails: false,
      shippingRefused: false,
      otherDiscount: 0,
    };
    serve();
    setTokens('main', { accessToken: 'access', refreshToken: 'refresh', userId: 'u-1', expires: null });
    countryStore.countryCode = 'IN';
    act(() => {
      addPackageToCart(solo());
      cartStore.hydrated = true;
    });
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('shows an empty state with a way back to the shop when the cart is empty', async () => {
    act(() => disposeCart());
    act(() => {
      cartStore.hydrated = true;
    });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it('prefills from the profile; the full name and mobile number are read-only', async () => {
    renderCheckout();
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    expect(name).toHaveValue('Asha Kumar');
    expect(name).toHaveAttribute('readonly');
    expect(field('Mobile number')).toHaveValue('9876543210');
    expect(field('Mobile number')).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('asha@example.com');
    // A profile without a name lets the buyer type one.
    expect(screen.queryByRole('textbox', { name: 'Last name (optional)' })).not.toBeInTheDocument();
  });

  it('shows the failure screen when the profile cannot load, and retries', async () => {
    let fail = true;
    ({ requests } = fakeNetwork((request) =>
      fail && request.url.includes('/profile/v1/')
        ? json(503, errorBody(503, 'SERVICE_UNAVAILABLE'))
        : json(200, { profile: server.profile }),
    ));
    renderCheckout();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    serve();
    await userEvent.click(retry);
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Kumar');
  });

  it('shows messages once a field is touched, not before', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const address = await screen.findByRole('textbox', { name: 'Address line 1' });
    expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument();
    await user.click(address);
    await user.tab();
    expect(address).toHaveAccessibleDescription(REQUIRED_MESSAGE);
    await user.type(field('Pincode'), '1234');
    await user.tab();
    expect(field('Pincode')).toHaveAccessibleDescription('enter a valid pincode');
    await user.type(address, '12 MG Road');
    expect(address).not.toHaveAccessibleDescription(REQUIRED_MESSAGE);
  });

  it('shows the GST fields and the different billing address only under their rules', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('textbox', { name: 'Full name' });
    expect(screen.queryByRole('textbox', { name: 'GSTIN' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Use a different billing address' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'I have GST details' }));
    expect(field('GSTIN')).toBeInTheDocument();
    expect(field('Company name')).toBeInTheDocument();
    // Shipping is required (the kit has a headset), so a different billing address is offered.
    const different = screen.getByRole('checkbox', { name: 'Use a different billing address' });
    expect(screen.queryByRole('textbox', { name: 'Billing address line 1' })).not.toBeInTheDocument();
    await user.click(different);
    expect(field('Billing address line 1')).toBeInTheDocument();

    await user.type(field('GSTIN'), '22aaaaa0000a1z');
    await user.tab();
    expect(field('GSTIN')).toHaveAccessibleDescription('Enter a valid GSTIN');

    await user.click(screen.getByRole('checkbox', { name: 'I have GST details' }));
    expect(screen.queryByRole('textbox', { name: 'GSTIN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Billing address line 1' })).not.toBeInTheDocument();
  });

  it('fills city and state from the pincode', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Pincode' }), '560001');
    await waitFor(() => expect(field('City')).toHaveValue('Bengaluru'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Karnataka'),
    );
  });

  it('says so under the pincode when the lookup does not know it, keeping the city typed', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'Panaji');
    await user.type(field('Pincode'), '999999');
    const hint = 'We could not find pincode 999999. Please fill in your city and state.';
    await waitFor(() => expect(field('Pincode')).toHaveAccessibleDescription(hint));
    expect(field('Pincode')).not.toHaveAttribute('aria-invalid');
    expect(field('City')).toHaveValue('Panaji');
    await user.clear(field('Pincode'));
    await user.type(field('Pincode'), '560001');
    await waitFor(() => expect(field('City')).toHaveValue('Bengaluru'));
    expect(field('Pincode')).not.toHaveAccessibleDescription(hint);
  });

  it('self pickup shows the pickup point and needs no delivery number; back to delivery asks for it again', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('textbox', { name: 'Full name' });
    await user.click(screen.getByRole('combobox', { name: 'Delivery option' }));
    await user.click(await screen.findByRole('option', { name: 'Self Pickup' }));
    const point = await screen.findByRole('region', { name: 'Pickup point' });
    expect(point).toHaveTextContent('12 Cubbon Road, Bengaluru, Karnataka 560001, India');
    expect(within(point).getByRole('link', { name: '9876500000' })).toHaveAttribute('href', 'tel:9876500000');
    expect(within(point).getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
      'href',
      expect.stringContaining('google.com/maps'),
    );
    expect(screen.queryByRole('textbox', { name: 'Mobile number for delivery' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Delivery option' }));
    await user.click(await screen.findByRole('option', { name: 'Delivery' }));
    expect(await screen.findByRole('textbox', { name: 'Mobile number for delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pickup point' })).not.toBeInTheDocument();
  });

  it('keeps the pay action off with the hint until the form is complete, then prices and offers it', async () => {
    // The order is still being created while the buyer reads what they pay.
    server.orders = (pathname) =>
      pathname.includes('/order/create/') ? new Promise<Response>(() => {}) : undefined;
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('textbox', { name: 'Full name' });
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription('Enter valid pincode');
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    // Solo kit: 39,999 + 4,999 + 1,999 = 46,997 taxable, 18 % GST 8,459.46 → 55,456.46.
    expect(screen.getByText('Total ₹55,456.46')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/shipping_charges/560001/v1/'))).toBe(true);

    await user.click(payButton());
    // The pay area's status (the payment's own overlay may announce beside it).
    const ready = (await screen.findByText('Ready to pay')).closest('[role="status"]');
    expect(ready).not.toBeNull();
    expect(ready).toHaveTextContent('₹55,456.46');
  });

  it('"Ready to pay" names what the buyer pays: the total less its discounts', async () => {
    server.otherDiscount = 1_000;
    // The order is still being created while the buyer reads what they pay.
    server.orders = (pathname) =>
      pathname.includes('/order/create/') ? new Promise<Response>(() => {}) : undefined;
    const user = userEvent.setup();
    renderCheckout();
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    // The pay area's status (the payment's own overlay may announce beside it).
    const ready = (await screen.findByText('Ready to pay')).closest('[role="status"]');
    expect(ready).not.toBeNull();
    // 55,456.46 before the discount (the solo kit above), less 1,000.
    expect(ready).toHaveTextContent('Your order comes to ₹54,456.46');
  });

  it('asks for the e-mail to be verified first when it is not', async () => {
    server.profile = wireProfile({ email: 'asha@example.com', is_email_verified: false });
    const user = userEvent.setup();
    renderCheckout();
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toHaveAccessibleDescription('Verify e-mail'));
    expect(payButton()).toBeDisabled();
  });

  it('offline, keeps the last price, disables paying with the reason, and refetches on reconnect', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    const before = estimateCalls().length;

    act(() => onlineManager.setOnline(false));
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription(OFFLINE_REASON);
    expect(screen.getByText('Estimate lastKnown')).toBeInTheDocument();
    expect(screen.getByText('Total ₹55,456.46')).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(estimateCalls().length).toBeGreaterThan(before));
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('reopened offline, shows the last estimate of the same order as last known, never another order’s', async () => {
    const user = userEvent.setup();
    const client = newClient();
    const first = renderCheckout({}, client);
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(screen.getByText('Total ₹55,456.46')).toBeInTheDocument();
    await waitFor(async () => expect((await readCheckoutEstimate())?.view.totalPrice).toBe(5_545_646));
    first.unmount();

    act(() => onlineManager.setOnline(false));
    const again = renderCheckout({}, client);
    await screen.findByRole('textbox', { name: 'Address line 1' });
    expect(screen.getByText('Estimate lastKnown')).toBeInTheDocument();
    expect(screen.getByText('Total ₹55,456.46')).toBeInTheDocument();
    again.unmount();

    // The cart changed: that estimate priced another order, so none is shown.
    act(() => addPackageToCart(solo()));
    renderCheckout({}, client);
    await screen.findByRole('textbox', { name: 'Address line 1' });
    expect(screen.getByText('Estimate lastKnown')).toBeInTheDocument();
    expect(screen.queryByText('Total ₹55,456.46')).toBeNull();
  });

  it('opens offline with the profile kept on the device, however old, and the draft in the form', async () => {
    const client = newClient();
    const { queryKey } = profileQuery('u-1');
    // Read once online (then kept on the device), long enough ago to be stale.
    client.setQueryData(queryKey, await client.fetchQuery(profileQuery('u-1')), { updatedAt: 0 });
    await writeCheckoutDraft({
      values: { address1: '7 Park Street' },
      useDifferentBillingAddress: false,
      state: '',
    });
    act(() => onlineManager.setOnline(false));
    renderCheckout({}, client);
    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue('7 Park Street');
    expect(field('Full name')).toHaveValue('Asha Kumar');
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription(OFFLINE_REASON);
  });

  it('waits for the cache kept on the device before it starts, so an offline reload finds the profile', async () => {
    const client = newClient();
    const profile = await client.fetchQuery(profileQuery('u-1'));
    client.clear();
    act(() => onlineManager.setOnline(false));
    const view = render(checkoutTree({}, client, true));
    // The draft and the last order id are read (the device's store answers in order) while the cache restores.
    await act(async () => {
      await readCheckoutDraft();
      await readLastOrderId();
    });
    expect(screen.getByText('Loading the checkout…')).toBeInTheDocument();
    // The restore brings the profile back, then the checkout starts with it.
    client.setQueryData(profileQuery('u-1').queryKey, profile, { updatedAt: 0 });
    view.rerender(checkoutTree({}, client, false));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Kumar');
  });

  it('offline with no profile on the device, says so, and loads it once back online', async () => {
    act(() => onlineManager.setOnline(false));
    renderCheckout();
    expect(await screen.findByText('We could not load your details')).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Kumar');
  });

  it('shows a failed estimate as failed with a retry that recovers', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('textbox', { name: 'Full name' });
    server.estimateFails = true;
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toHaveAccessibleDescription(/We could not update the price/));
    expect(screen.getByText('Estimate failed')).toBeInTheDocument();
    server.estimateFails = false;
    await user.click(
      within(payButton().parentElement as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it("puts the server's pincode error under the pincode, keeping everything typed", async () => {
    server.shippingRefused = true;
    const user = userEvent.setup();
    renderCheckout();
    await fillAddress(user);
    await waitFor(() =>
      expect(field('Pincode')).toHaveAccessibleDescription('We do not ship to this pincode'),
    );
    expect(field('Pincode')).toHaveValue('560001');
    expect(field('Address line 1')).toHaveValue('12 MG Road');
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription(/We could not fetch the shipping cost/);
  });

  it('restores what was typed after the page is left and opened again', async () => {
    const user = userEvent.setup();
    const first = renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Address line 1' }), '7 Brigade Road');
    first.unmount();
    await waitFor(async () => expect((await readCheckoutDraft())?.values.address1).toBe('7 Brigade Road'));
    renderCheckout();
    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue('7 Brigade Road');
  });

  it('prefills from a saved draft, the mobile number staying the profile’s', async () => {
    await writeCheckoutDraft({
      values: { address1: '3 Church Street', mobileNumber: '9000000000', city: 'Mysuru' },
      useDifferentBillingAddress: false,
      state: 'KARNATAKA',
    });
    renderCheckout();
    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue('3 Church Street');
    expect(field('City')).toHaveValue('Mysuru');
    expect(field('Mobile number')).toHaveValue('9876543210');
  });

  it('the licence checkout takes an invite code only, with a link to ask for one', async () => {
    act(() => {
      disposeCart();
      addPackageToCart(licence());
      cartStore.hydrated = true;
    });
    renderCheckout();
    expect(await screen.findByRole('textbox', { name: 'Invite code' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ask for one/ })).toHaveAttribute(
      'href',
      `${INVITE_REQUEST_PATH}?product=licence`,
    );
  });

  it('the licence checkout sends its code as the invite code, not as a referral code', async () => {
    act(() => {
      disposeCart();
      addPackageToCart(licence());
      cartStore.hydrated = true;
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Invite code' }), 'BUSINESS-DEMO');
    await user.click(
      within(screen.getByRole('form', { name: 'Have an invite code?' })).getByRole('button', {
        name: 'Apply',
      }),
    );
    expect(await screen.findByText(/Invite code applied/)).toBeInTheDocument();
    const withCode = estimateCalls()
      .map((r) => r.body as PriceEstimateRequest)
      .filter((body) => body.invite_code === 'BUSINESS-DEMO');
    expect(withCode.length).toBeGreaterThan(0);
    expect(estimateCalls().some((r) => (r.body as PriceEstimateRequest).associate_code)).toBe(false);
  });

  it('the last of two quick country choices wins, the second made while the first is still reaching the form', async () => {
    let chosen = false;
    let secondChosen = () => {};
    const firstReachesForm = new Promise<void>((resolve) => {
      secondChosen = resolve;
    });
    // On the commit of the page's deferred render, before its effects run: where the buyer's second choice lands.
    const chooseSecond = () => {
      if (chosen || countryStore.countryCode !== 'US') return;
      chosen = true;
      void setCountry('GB');
      secondChosen();
    };
    renderCheckout({
      international: true,
      totalBar: (state) => (
        <>
          {totalBar(state)}
          <OnCommit run={chooseSecond} />
        </>
      ),
    });
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(country).toHaveTextContent('India');
    // The browser's own scheduling: the deferred render and its effects run as separate tasks.
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      void setCountry('US');
      await firstReachesForm;
      await waitFor(() => expect(country).toHaveTextContent('United Kingdom'));
      await waitFor(() => expect(countryStore.countryCode).toBe('GB'));
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
  });

  it('applies a referral code from the page address on load', async () => {
    renderCheckout({ presetReferralCode: 'FRIEND10' });
    await screen.findByRole('textbox', { name: 'Full name' });
    await waitFor(() =>
      expect(
        estimateCalls().some((r) => (r.body as PriceEstimateRequest).associate_code === 'FRIEND10'),
      ).toBe(true),
    );
    expect(await screen.findByText(/Referral code applied/)).toBeInTheDocument();
  });

  it('applies the referral code the visit arrived with on another page', async () => {
    keepReferralCode('?utm_source=x&referral_code=friend10');
    renderCheckout();
    expect(await screen.findByText(/Referral code applied/)).toBeInTheDocument();
    expect(estimateCalls().some((r) => (r.body as PriceEstimateRequest).associate_code === 'FRIEND10')).toBe(
      true,
    );
  });

  it('the licence checkout offers no referral: a code from the address or the visit is not put in its invite field', async () => {
    act(() => {
      disposeCart();
      addPackageToCart(licence());
      cartStore.hydrated = true;
    });
    keepReferralCode('?referral_code=FRIEND10');
    renderCheckout({ presetReferralCode: 'FRIEND10' });
    expect(await screen.findByRole('textbox', { name: 'Invite code' })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Referral code' })).not.toBeInTheDocument();
    await waitFor(() => expect(estimateCalls().length).toBeGreaterThan(0));
    for (const call of estimateCalls()) {
      const body = call.body as PriceEstimateRequest;
      expect([body.associate_code ?? null, body.invite_code ?? null]).toEqual([null, null]);
    }
  });

  it('never carries a coupon, referral or invite code from a saved draft into a new checkout', async () => {
    await writeCheckoutDraft({
      values: { address1: '3 Church Street', couponCode: 'WELCOME10', referralCode: 'BUSINESS-DEMO' },
      useDifferentBillingAddress: false,
      state: 'KARNATAKA',
    });
    renderCheckout();
    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue('3 Church Street');
    expect(field('Coupon code')).toHaveValue('');
    expect(field('Referral code')).toHaveValue('');
    await waitFor(() => expect(estimateCalls().length).toBeGreaterThan(0));
    for (const call of estimateCalls()) {
      const body = call.body as PriceEstimateRequest;
      expect([body.coupon_code, body.associate_code, body.invite_code ?? null]).toEqual([null, null, null]);
    }
  });

  it('an address saved for another country is not put into this one', async () => {
    await writeCheckoutDraft({
      values: { country: 'GB', address1: '10 Downing Street', postalCode: 'SW1A 2AA', city: 'London' },
      useDifferentBillingAddress: false,
      state: 'ENGLAND',
    });
    renderCheckout();
    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue('');
    expect(field('Pincode')).toHaveValue('');
    expect(field('City')).toHaveValue('');
  });
});

describe('CheckoutPage paying (spec §4 steps 6–10)', () => {
  beforeEach(async () => {
    resetClient();
    await clear(kvStore());
    disposeCart();
    sessionStorage.clear();
    server = {
      profile: wireProfile({ email: 'asha@example.com', is_email_verified: true }),
      catalogue: [solo(), licence()],
      estimateFails: false,
      shippingRefused: false,
      otherDiscount: 0,
    };
    serve();
    setTokens('main', { accessToken: 'access', refreshToken: 'refresh', userId: 'u-1', expires: null });
    countryStore.countryCode = 'IN';
    act(() => {
      addPackageToCart(solo());
      cartStore.hydrated = true;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const created = (over: Record<string, unknown> = {}) => ({
    order_id: 'ord-7',
    customer_order_id: 'IBC-7',
    order_status: 'SUCCESS',
    total_amount: 55456.46,
    currency: 'INR',
    payment_service: 'CARD_MODAL',
    payment_details: null,
    ...over,
  });
  const createCalls = () => requests.filter((r) => r.url.includes('/order/create/'));

  it('creates the order from the form with an Idempotency-Key, fires its events and hands a paid order on', async () => {
    server.orders = (pathname) => (pathname.includes('/order/create/') ? json(200, created()) : undefined);
    const onPaymentDone = vi.fn();
    const track = vi.fn();
    const user = userEvent.setup();
    renderCheckout({ onPaymentDone, track });
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    await waitFor(() => expect(onPaymentDone).toHaveBeenCalledWith({ kind: 'success', orderId: 'ord-7' }));
    const [create] = createCalls();
    expect(create?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const body = orderCreateRequestSchema.parse(create?.body);
    expect(body.payment_service).toBe('CARD_MODAL');
    expect(body.shipping_details?.mobile_number).toBe('+919876543211');
    expect(body.billing_details.state_name_enum).toBe('KARNATAKA');
    expect(await readLastOrderId()).toBe('ord-7');
    const events = track.mock.calls.map(([event]) => event);
    expect(events).toEqual(expect.arrayContaining(['order_created', 'checkout_initiated']));
  });

  it('a refused creation shows its error above the pay button and offers paying again', async () => {
    server.orders = (pathname) =>
      pathname.includes('/order/create/')
        ? json(400, errorBody(400, 'OUT_OF_STOCK', { message: 'The solo kit just sold out' }))
        : undefined;
    const track = vi.fn();
    const user = userEvent.setup();
    renderCheckout({ track, onPaymentDone: vi.fn() });
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The solo kit just sold out');
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(track.mock.calls.map(([event]) => event)).toContain('order_failed');
  });

  it('a total changed since the estimate (409 PRICE_CHANGED) is shown, priced again and never paid unseen', async () => {
    const newTotal = (body: unknown) =>
      fakeEstimate(body as PriceEstimateRequest, { packages: server.catalogue }).amount_payable;
    server.orders = (pathname, request) => {
      if (!pathname.includes('/order/create/')) return undefined;
      if (createCalls().length > 1) return json(200, created({ total_amount: newTotal(request.body) }));
      // The operator raised the headset's price after the buyer's estimate.
      server.catalogue = [solo(45_999), licence()];
      return json(
        409,
        errorBody(409, 'PRICE_CHANGED', { total_amount: newTotal(request.body), currency: 'INR' }),
      );
    };
    const onPaymentDone = vi.fn();
    const user = userEvent.setup();
    renderCheckout({ onPaymentDone });
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    const shown = screen.getByText(/^Total /).textContent;
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    const [first] = createCalls();
    const sent = orderCreateRequestSchema.parse(first?.body);
    expect(`Total ${formatMoney(toMinor(sent.expected_total ?? 0, 'INR'), 'INR')}`).toBe(shown);
    const changed = newTotal(first?.body);
    const changedText = formatMoney(toMinor(changed, 'INR'), 'INR');
    expect(alert).toHaveTextContent(`The total changed to ${changedText}. Check it and pay again.`);
    // Priced again: the summary shows the new total before the buyer can pay again; nothing was paid.
    await waitFor(() => expect(screen.getByText(/^Total /)).toHaveTextContent(`Total ${changedText}`));
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(onPaymentDone).not.toHaveBeenCalled();
    expect(createCalls()).toHaveLength(1);

    await user.click(payButton());
    await waitFor(() => expect(onPaymentDone).toHaveBeenCalledWith({ kind: 'success', orderId: 'ord-7' }));
    const second = orderCreateRequestSchema.parse(createCalls()[1]?.body);
    expect(second.expected_total).toBe(changed);
  });

  it('offers the payment choice when the packages take more than one service', async () => {
    server.orders = (pathname) => {
      if (pathname.endsWith('/packages/payment_services/v1/'))
        return json(200, {
          packages: [
            {
              package_id: 1,
              package_code: 'solo',
              payment_services_details: [
                { payment_service: 'CARD_MODAL', payment_service_description: 'Card' },
                { payment_service: 'PAYMENT_LINK', payment_service_description: 'Link' },
              ],
            },
          ],
        });
      if (pathname.includes('/order/create/')) return json(200, created({ payment_service: 'PAYMENT_LINK' }));
      return undefined;
    };
    const user = userEvent.setup();
    renderCheckout({ onPaymentDone: vi.fn() });
    const group = await screen.findByRole('group', { name: 'Pay with' });
    expect(within(group).getByRole('radio', { name: 'Card, UPI or net banking' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Secure payment page' }));
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    await waitFor(() => expect(createCalls()).toHaveLength(1));
    expect(createCalls()[0]?.body).toMatchObject({ payment_service: 'PAYMENT_LINK' });
  });

  it('shows the form only with its payment choice in place, so nothing moves the pay action after', async () => {
    let answer: (response: Response) => void = () => {};
    server.orders = (pathname) =>
      pathname.endsWith('/packages/payment_services/v1/')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined;
    renderCheckout({ onPaymentDone: vi.fn() });
    await waitFor(() => expect(requests.some((r) => r.url.includes('/payment_services/'))).toBe(true));
    expect(screen.queryByRole('form', { name: 'Your details' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the checkout…');
    answer(
      json(200, {
        packages: [
          {
            package_id: 1,
            package_code: 'solo',
            payment_services_details: [
              { payment_service: 'CARD_MODAL', payment_service_description: 'Card' },
              { payment_service: 'PAYMENT_LINK', payment_service_description: 'Link' },
            ],
          },
        ],
      }),
    );
    const form = await screen.findByRole('form', { name: 'Your details' });
    expect(form).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pay with' })).toBeInTheDocument();
  });

  it('an interrupted payment is reconciled before paying: an open order asks to be cancelled first', async () => {
    await writeLastOrderId('ord-1');
    const cancelled: string[] = [];
    server.orders = (pathname) => {
      if (pathname.endsWith('/fetch_and_update_payment_status/v1/'))
        return json(200, { order_id: 'ord-1', order_status: 'PENDING' });
      if (pathname.endsWith('/order/ord-1/status/v1/'))
        return json(200, { order_id: 'ord-1', order_status: 'PENDING' });
      if (pathname.endsWith('/order/ord-1/cancel/v1/')) {
        cancelled.push('ord-1');
        return json(200, { order_id: 'ord-1', order_status: 'CANCELLED', payment_in_flight: true });
      }
      if (pathname.includes('/order/create/')) return json(200, created({ order_id: 'ord-8' }));
      return undefined;
    };
    const onPaymentDone = vi.fn();
    const user = userEvent.setup();
    renderCheckout({ onPaymentDone });
    await fillAddress(user);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'An earlier order is in progress' });
    // The truth before the buyer chooses: a payment of the earlier order that still completes is given back.
    expect(dialog).toHaveTextContent('If your bank still completes its payment, we refund it automatically.');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'An earlier order is in progress' }),
      ).not.toBeInTheDocument(),
    );
    await user.click(payButton());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'An earlier order is in progress' })).getByRole(
        'button',
        {
          name: 'Cancel it and continue',
        },
      ),
    );
    await waitFor(() => expect(onPaymentDone).toHaveBeenCalledWith({ kind: 'success', orderId: 'ord-8' }));
    expect(cancelled).toEqual(['ord-1']);
  });

  it('an interrupted payment that was paid goes to its result instead', async () => {
    await writeLastOrderId('ord-1');
    server.orders = (pathname) =>
      pathname.endsWith('/fetch_and_update_payment_status/v1/') || pathname.endsWith('/status/v1/')
        ? json(200, { order_id: 'ord-1', order_status: 'SUCCESS' })
        : undefined;
    const onPaymentDone = vi.fn();
    renderCheckout({ onPaymentDone });
    await waitFor(() => expect(onPaymentDone).toHaveBeenCalledWith({ kind: 'success', orderId: 'ord-1' }));
  });
});

import type { Order } from '@contract/orders';
import { Navigate, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { lazyTrack as track } from '@/features/analytics/lazyTrack';
import { useAuth } from '@/features/auth/AuthProvider';
import { SIGN_IN_PATH } from '@/features/auth/guards';
import { PRODUCT_PAGES } from '@/features/catalogue/productTypes';
import { OrderResult, type ResultRoute } from '@/features/checkout/result/OrderResult';
import { useServerPageAdopted } from '@/lib/serverPage';
import { readLastOrderId } from '@/storage/checkoutDraft';
import { Spinner } from '@/ui/Spinner';

/** Spec §2's product type of the page that sells the order's first package (for the Checkout Completed event). */
function productTypeOf(order: Order): string | null {
  const codes = order.packages.map((pkg) => pkg.package_code);
  const page = Object.values(PRODUCT_PAGES).find((p) => p.packageCodes.some((code) => codes.includes(code)));
  return page?.productType ?? null;
}

// The setup call's form (and its select library) loads only under a paid order.
const OrderSetupCall = lazy(() => import('@/features/forms/OrderSetupCall'));

function Checking() {
  return (
    <div className="order-result-route__loading">
      <Spinner size="xl" label="Loading your order…" />
    </div>
  );
}

/**
 * A result page: signed in only (the order is the buyer's); the order is the path's, else the query's, else the
 * one this device placed last.
 */
export function OrderResultRoute({ orderId, at }: { orderId: string | undefined; at: ResultRoute }) {
  const adopted = useServerPageAdopted();
  const auth = useAuth();
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  const search = useRouterState({ select: (s) => s.location.searchStr });
  // The address this page was opened at: once the sign-in navigation starts, the router's location is the sign-in's,
  // and a redirect read from it would wrap itself again on every render.
  const [openedAt] = useState(href);
  const [stored, setStored] = useState<string | null | undefined>(orderId === undefined ? undefined : null);
  useEffect(() => {
    if (orderId !== undefined) return;
    let live = true;
    void readLastOrderId()
      .catch(() => null)
      .then((id) => {
        if (live) setStored(id);
      });
    return () => {
      live = false;
    };
  }, [orderId]);
  const replacePath = useCallback(
    (next: string) => void navigate({ href: next, replace: true, resetScroll: false }),
    [navigate],
  );
  if (!adopted) return <Checking />;
  if (!auth.signedIn) return <Navigate to={SIGN_IN_PATH} search={{ redirect: openedAt }} replace />;
  const id = orderId ?? stored;
  if (id === undefined) return <Checking />;
  return (
    <OrderResult
      orderId={id}
      at={at}
      search={search}
      replacePath={replacePath}
      track={track}
      productTypeOf={productTypeOf}
      afterSuccess={(paid) => (
        <Suspense fallback={null}>
          <OrderSetupCall orderId={paid} userId={auth.userId ?? null} />
        </Suspense>
      )}
    />
  );
}

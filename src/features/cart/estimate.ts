import type { Currency } from '@contract/money';
import { divideHalfUp, toMinor } from '@contract/money';
import type { EstimateProductResult, PriceEstimateResponse } from '@contract/pricing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { AvailablePackages } from '@/api/commerce';
import { lastKnownPackage } from '@/api/commerce';
import { useIsOnline } from '@/api/online';
import {
  type PriceEstimateInputs,
  type PriceView,
  priceEstimateKeys,
  priceEstimateQuery,
  toPriceView,
} from '@/api/priceEstimate';
import { type StockView, stockOf } from '@/lib/stock';
import { type CartItem, cartLineId, lineTotal } from '@/state/cart';
import { cartEstimateFeatures, cartEstimateInputs } from '@/state/cartSelection';
import { QUERY_PERSIST_MAX_AGE_MS } from '@/storage/persister';

/*
 * The cart's price: the server's estimate (GST included, stock per product) for exactly what the cart holds. The
 * last answer is persisted with the query cache under its own prefix, keyed by the cart's contents, so offline the
 * cart can show it as last known, and a cart changed since never passes an older total off as its own.
 */

/** The estimates' key head, the checkout's and the cart's alike; the persister keeps them (src/storage/persister.ts). */
export const CART_ESTIMATE_KEY = priceEstimateKeys.all[0];

// The selection moved down to src/state so the checkout prices the same lines; re-exported for the cart's callers.
export { cartEstimateFeatures, cartEstimateInputs, cartSelectedPackages } from '@/state/cartSelection';

/**
 * Spec §7's estimate query (runs only when enabled, never on focus, refetched on reconnect) for the cart's contents;
 * kept as long as the persisted cache so a reload offline still has it.
 */
export function cartEstimateQuery(inputs: PriceEstimateInputs, enabled: boolean) {
  return priceEstimateQuery(
    inputs,
    { ...cartEstimateFeatures, enabled },
    { gcTime: QUERY_PERSIST_MAX_AGE_MS },
  );
}

type AvailablePackage = AvailablePackages['packages'][number];

/** One cart line as the estimate priced it; amounts in minor units. */
export interface LineEstimate {
  quantity: number;
  /** With GST, before discounts: what the product page shows for the same line. */
  amount: number;
  gstRate: number;
  stock: StockView;
}

/** The product page's stock words for a line: unlimited products are out only when flagged. */
function lineStock(product: EstimateProductResult): StockView {
  const left = product.availability_type === 'LIMITED' ? Math.max(0, product.available_quantity) : null;
  // More asked for than a limited product has is flagged out of stock; the buyer needs to know how many are left.
  if (left !== null && left > 0 && product.quantity > left) return { kind: 'few', left };
  return stockOf(left, product.is_out_of_stock && (left === null || left <= 0));
}

/** The estimate's lines by cart line id (`${packageId}:${productId}`, with a designed product's design). */
export function lineEstimates(estimate: PriceEstimateResponse): Map<string, LineEstimate> {
  const lines = new Map<string, LineEstimate>();
  for (const pkg of estimate.packages) {
    for (const product of pkg.products) {
      const details = product.price_estimate_details;
      lines.set(cartLineId(pkg.package_id, product.product_id, product.customization), {
        quantity: product.quantity,
        amount:
          toMinor(details.total_amount, estimate.currency) +
          toMinor(details.total_discount, estimate.currency),
        gstRate: product.gst_rate,
        stock: lineStock(product),
      });
    }
  }
  return lines;
}

/** An amount before GST with its GST at `ratePercent`, half up on the line, as the estimate rounds it. */
export function withGst(minor: number, ratePercent: number): number {
  return minor + divideHalfUp(minor * Math.round(ratePercent * 100), 10_000);
}

/**
 * A line's last known price from the catalogue kept on the device: the price the cart holds for it with the GST rate
 * the catalogue last gave its product in this country. Null when the catalogue does not know it in the line's currency.
 */
export function catalogueLineEstimate(
  line: CartItem,
  pkg: AvailablePackage | undefined,
): LineEstimate | null {
  const product =
    pkg?.currency === line.currency ? pkg.products.find((p) => p.product_id === line.productId) : undefined;
  if (!product) return null;
  const left = product.availability_type === 'LIMITED' ? Math.max(0, product.available_quantity) : null;
  return {
    quantity: line.quantity,
    amount: withGst(lineTotal(line), product.gst_rate),
    gstRate: product.gst_rate,
    stock: stockOf(left, product.is_out_of_stock),
  };
}

export interface PricedEstimate {
  view: PriceView;
  lines: Map<string, LineEstimate>;
  /** When the server gave it (ms since the epoch). */
  at: number;
}

function priced(data: PriceEstimateResponse, at: number): PricedEstimate {
  return { view: toPriceView(data), lines: lineEstimates(data), at };
}

/**
 * - current: the server's answer for exactly this cart, online; updating while it is asked again;
 * - lastKnown: the answer for exactly this cart, offline or when asking again failed;
 * - changedOffline: the cart changed offline and has no answer yet (lines still the same keep the last amounts);
 * - loading / error: online, no answer for this cart yet, or the last ask failed;
 * - none: nothing to price.
 */
export type CartEstimateStatus =
  | 'current'
  | 'updating'
  | 'lastKnown'
  | 'changedOffline'
  | 'loading'
  | 'error'
  | 'none';

export interface CartEstimate {
  status: CartEstimateStatus;
  /** The answer for exactly this cart. */
  estimate: PricedEstimate | null;
  /** The latest answer for any cart: a line it priced at the same quantity keeps its amount meanwhile. */
  latest: PricedEstimate | null;
  /** Offline, the last known price of each line from the catalogue kept on the device (by cart line id). */
  catalogue: ReadonlyMap<string, LineEstimate>;
  error: Error | null;
  retry: () => void;
  retrying: boolean;
}

/** The estimate for the cart's current contents, asked for while `enabled` (the cart is on screen). */
export function useCartEstimate(
  items: readonly CartItem[],
  currency: Currency,
  countryCode: string,
  enabled: boolean,
): CartEstimate {
  const online = useIsOnline();
  const client = useQueryClient();
  const inputs = useMemo(
    () => cartEstimateInputs(items, currency, countryCode),
    [items, currency, countryCode],
  );
  const options = cartEstimateQuery(inputs, enabled);
  const query = useQuery(options);
  const hash = JSON.stringify(options.queryKey);

  // Only the answer for the cart as it is now is worth keeping: older ones no screen shows go, in memory and on the device.
  useEffect(() => {
    if (query.dataUpdatedAt === 0) return;
    client.removeQueries({
      queryKey: [CART_ESTIMATE_KEY],
      // One still on its way is someone's (the checkout asks for its own prices): removing it would cancel it.
      predicate: (other) =>
        JSON.stringify(other.queryKey) !== hash &&
        other.getObserversCount() === 0 &&
        other.state.fetchStatus === 'idle',
    });
  }, [client, hash, query.dataUpdatedAt]);

  const estimate = useMemo(
    () => (query.data ? priced(query.data, query.dataUpdatedAt) : null),
    [query.data, query.dataUpdatedAt],
  );
  const others = client.getQueriesData<PriceEstimateResponse>({ queryKey: [CART_ESTIMATE_KEY] });
  let latest = estimate;
  for (const [key, data] of others) {
    if (!data || data.currency !== currency) continue;
    const at = client.getQueryState(key)?.dataUpdatedAt ?? 0;
    if (!latest || at > latest.at) latest = priced(data, at);
  }

  // Offline, the catalogue kept on the device knows the lines no estimate has priced yet.
  const catalogue = new Map<string, LineEstimate>();
  if (!online) {
    for (const line of items) {
      const known = catalogueLineEstimate(line, lastKnownPackage(client, line.packageId, countryCode));
      if (known) catalogue.set(line.id, known);
    }
  }

  let status: CartEstimateStatus;
  if (inputs.packages.length === 0) status = 'none';
  else if (estimate && !online) status = 'lastKnown';
  // A failed refresh leaves the last answer on screen, said to be the last known, with a retry.
  else if (estimate && query.isError) status = 'lastKnown';
  else if (estimate) status = query.isFetching ? 'updating' : 'current';
  else if (!online) status = 'changedOffline';
  else if (query.isError) status = 'error';
  else status = 'loading';
  return {
    status,
    estimate,
    latest,
    catalogue,
    error: query.error,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}

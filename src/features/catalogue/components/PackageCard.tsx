import type { DesignChoice } from '@contract/bat-design';
import type { Package, PackageWithEstimate, Product } from '@contract/catalogue';
import { type Currency, toMinor } from '@contract/money';
import { lazy, type ReactNode, Suspense, useCallback, useId, useRef, useState } from 'react';
import type { NotifyMeContact } from '@/api/commerce';
import { isApiError } from '@/api/errors';
import { countryName } from '@/lib/countries';
import { splitPackageName } from '@/lib/packageName';
import { Button } from '@/ui/Button';
import { ErrorView } from '@/ui/ErrorView';
import { Money } from '@/ui/Money';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { type AvailabilityState, isOutOfStockState } from '../availability';
import {
  customTotal,
  listOf,
  packagePictures,
  packagePrice,
  packageStock,
  productStock,
  productUnitsLeft,
  type StockView,
  soldByLine,
  stockText,
  unitPrice,
  vendorName,
  withTax,
} from '../display';
import { Gallery } from './Gallery';
import { StickyBuyBar } from './StickyBuyBar';
import './PackageCard.css';

// Only an out-of-stock package shows it: the form library and zod load with it, not with every product page.
const NotifyMeForm = lazy(() => import('./NotifyMeForm').then((m) => ({ default: m.NotifyMeForm })));
// Only the custom bat's page needs it, and below its first screen.
const BatDesigner = lazy(() => import('./BatDesigner'));

/** The most of one product a buyer can put in the cart from a product page. */
export const MAX_PER_PRODUCT = 10;

export interface PackageCardProps {
  pkg: PackageWithEstimate;
  /** The leaf state of the package availability machine. */
  state: AvailabilityState;
  /** The last sale, as lastSaleText words it (known once the machine has asked). */
  lastSaleNote?: string | null;
  /** The error of the failed step, if any. */
  error?: unknown;
  /** The first card: its first picture loads at once, the rest lazily. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  onBuy: (pkg: Package, quantities?: Record<number, number>, designs?: Record<number, DesignChoice>) => void;
  onRetry: () => void;
  onNotifyMe: (contact: NotifyMeContact) => void;
}

function StockLine({ stock }: { stock: StockView }) {
  return (
    <p className={`catalogue-card__stock catalogue-card__stock--${stock.kind}`}>
      <span className="catalogue-card__stock-dot" aria-hidden="true" />
      {stockText(stock)}
    </p>
  );
}

function EmiLine({ amount, currency }: { amount: number; currency: Currency }) {
  return (
    <p className="catalogue-card__emi">
      EMI starts from <Money minor={toMinor(amount, currency)} currency={currency} />
      /month
    </p>
  );
}

/** What the cheapest product a buyer can choose costs with GST: a customizable package's "From" price. */
function cheapestUnitMinor(products: readonly Product[], currency: Currency): number | null {
  const prices = products
    .filter((p) => productStock(p).kind !== 'out')
    .map((p) => unitPrice(p, currency).minor);
  return prices.length > 0 ? Math.min(...prices) : null;
}

function errorTitle(error: unknown): string | undefined {
  return isApiError(error) ? error.title : undefined;
}

function errorMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.description : undefined;
}

/** The package's product made to the buyer's design (the custom bat), if it has one in stock. */
function designable(pkg: Package): Product | undefined {
  return pkg.products.find((p) => p.customization_options && productStock(p).kind !== 'out');
}

function ProductRow({
  product,
  currency,
  quantity,
  disabled,
  extraMinor = 0,
  onChange,
}: {
  product: Product;
  currency: Currency;
  quantity: number;
  disabled: boolean;
  /** A designed product: what its design adds to a unit before tax. */
  extraMinor?: number;
  onChange: (quantity: number) => void;
}) {
  const base = unitPrice(product, currency);
  const price =
    extraMinor > 0
      ? {
          minor: withTax(toMinor(product.taxable_amount, currency) + extraMinor, product.gst_rate),
          originalMinor: null,
        }
      : base;
  const stock = productStock(product);
  const left = productUnitsLeft(product);
  const max = Math.min(MAX_PER_PRODUCT, left ?? MAX_PER_PRODUCT);
  return (
    <li className="catalogue-card__option">
      <img src={product.pic_url} alt="" width={56} height={42} loading="lazy" decoding="async" />
      <div className="catalogue-card__option-text">
        <p className="catalogue-card__option-name">{product.name}</p>
        <p className="catalogue-card__option-price">
          <Money minor={price.minor} currency={currency} />
          {price.originalMinor !== null && <Money minor={price.originalMinor} currency={currency} strike />}
        </p>
        <p className="catalogue-card__option-meta">
          {stockText(stock)} · Sold by {vendorName(product)}
        </p>
      </div>
      <QuantityStepper
        itemName={product.name}
        className="catalogue-card__stepper"
        value={quantity}
        max={max}
        disabled={disabled || stock.kind === 'out'}
        onChange={onChange}
      />
    </li>
  );
}

/**
 * One package on a product page: pictures, name, description, price with the crossed-out original,
 * EMI, stock, the sold-by line, where it is sold, and the buy action, or, out of stock, the last sale
 * and the notify-me form. Which of those is live follows the availability machine's state.
 */
export function PackageCard({
  pkg,
  state,
  lastSaleNote = null,
  error,
  eager = false,
  headingLevel = 2,
  onBuy,
  onRetry,
  onNotifyMe,
}: PackageCardProps) {
  const titleId = useId();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const batProduct = pkg.package_type === 'customizable' ? designable(pkg) : undefined;
  // The designer (loaded with the page's first render) reports the design on screen, priced, and whether it is valid.
  const [choice, setChoice] = useState<{ made: DesignChoice; valid: boolean } | null>(null);
  const onDesign = useCallback((made: DesignChoice, valid: boolean) => {
    setAdded(false);
    setChoice({ made, valid });
  }, []);
  const [added, setAdded] = useState(false);
  const Heading = `h${headingLevel}` as const;
  const { currency } = pkg;
  const customizable = pkg.package_type === 'customizable';
  // Once the machine has read the package's details its verdict is the fresher one.
  const outOfStock = isOutOfStockState(state) || (state === 'fetchingPackageDetails' && pkg.is_out_of_stock);
  const stock: StockView = outOfStock ? { kind: 'out' } : packageStock(pkg);
  const { white, orange } = splitPackageName(pkg.name);
  const soldBy = soldByLine(pkg.products);
  const chosen = Object.values(quantities).reduce((s, q) => s + q, 0);
  const checking = state === 'fetchingPackageDetails' || state === 'fetchingPriceEstimate';
  const price = customizable ? null : packagePrice(pkg);
  const taxIncluded = pkg.products.some((p) => p.gst_rate > 0);
  const designInvalid =
    batProduct !== undefined && (quantities[batProduct.product_id] ?? 0) > 0 && !choice?.valid;
  const buyDisabled = state !== 'readyToPurchase' || (customizable && chosen === 0) || designInvalid;
  const extras: Record<number, number> =
    batProduct && choice ? { [batProduct.product_id]: choice.made.extraMinor } : {};
  // The bat's price for the design on screen: the bar shows it until something is chosen.
  const designMinor =
    batProduct && choice
      ? withTax(toMinor(batProduct.taxable_amount, currency) + choice.made.extraMinor, batProduct.gst_rate)
      : null;
  const fromMinor = customizable ? cheapestUnitMinor(pkg.products, currency) : null;
  const article = useRef<HTMLElement>(null);
  const buyButton = useRef<HTMLButtonElement>(null);

  const buy = () => {
    if (customizable) {
      const picked = Object.fromEntries(Object.entries(quantities).filter(([, q]) => q > 0));
      if (Object.keys(picked).length === 0 || designInvalid) return;
      const chosenQuantities = Object.fromEntries(
        Object.entries(picked).map(([id, q]) => [Number(id), q]),
      ) as Record<number, number>;
      if (batProduct && choice) {
        onBuy(pkg, chosenQuantities, { [batProduct.product_id]: choice.made });
      } else {
        onBuy(pkg, chosenQuantities);
      }
    } else {
      onBuy(pkg);
    }
    setAdded(true);
  };

  if (state === 'fetchingPackageDetailsFailed') {
    return (
      <article className="catalogue-card catalogue-card--failed" aria-labelledby={titleId}>
        <Heading id={titleId} className="catalogue-card__title">
          {pkg.name}
        </Heading>
        <ErrorView
          headingLevel={3}
          title={errorTitle(error)}
          message={errorMessage(error)}
          onRetry={onRetry}
        />
      </article>
    );
  }

  const buyHint = customizable && chosen === 0 && state === 'readyToPurchase';
  const barName = orange ? `${white} ${orange}` : white;
  let barPrice: ReactNode = null;
  if (price) {
    barPrice = <Money minor={price.minor} currency={currency} />;
  } else if (chosen > 0) {
    barPrice = (
      <>
        <span className="catalogue-buybar__label">Total</span>
        <Money minor={customTotal(pkg, quantities, extras)} currency={currency} />
      </>
    );
  } else if (designMinor !== null) {
    barPrice = (
      <>
        <span className="catalogue-buybar__label">Your bat</span>
        <Money minor={designMinor} currency={currency} />
      </>
    );
  } else if (fromMinor !== null) {
    barPrice = (
      <>
        <span className="catalogue-buybar__label">From</span>
        <Money minor={fromMinor} currency={currency} />
      </>
    );
  }

  // A fixed package's price and buy action come right under its name, so the first card's are on a phone's first
  // screen; the details (description, contents, where it is sold) follow. A customizable one's choice comes first.
  const priceBlock = price && (
    <div className="catalogue-card__price">
      {pkg.emi_starts_from_amount !== null && (
        <EmiLine amount={pkg.emi_starts_from_amount} currency={currency} />
      )}
      <p className="catalogue-card__amount">
        {pkg.emi_starts_from_amount !== null && <span className="catalogue-card__label">Total </span>}
        <Money minor={price.minor} currency={currency} className="catalogue-card__now" />
        {price.originalMinor !== null && (
          <Money minor={price.originalMinor} currency={currency} strike className="catalogue-card__was" />
        )}
        {taxIncluded && <span className="catalogue-card__tax">incl. GST</span>}
      </p>
    </div>
  );

  const options = customizable && (
    <fieldset className="catalogue-card__options" disabled={outOfStock}>
      <legend>Choose what to add</legend>
      <ul>
        {pkg.products.map((p) => (
          <ProductRow
            key={p.product_id}
            product={p}
            currency={currency}
            quantity={quantities[p.product_id] ?? 0}
            disabled={outOfStock}
            extraMinor={extras[p.product_id] ?? 0}
            onChange={(q) => {
              setAdded(false);
              setQuantities((prev) => ({ ...prev, [p.product_id]: q }));
            }}
          />
        ))}
      </ul>
      {batProduct?.customization_options && (
        <Suspense fallback={<div className="bat-designer-placeholder" />}>
          <BatDesigner
            options={batProduct.customization_options}
            gstRate={batProduct.gst_rate}
            currency={currency}
            disabled={outOfStock}
            onChange={onDesign}
          />
        </Suspense>
      )}
      <p className="catalogue-card__amount catalogue-card__total" aria-live="polite">
        <span className="catalogue-card__label">Total </span>
        <Money
          minor={customTotal(pkg, quantities, extras)}
          currency={currency}
          className="catalogue-card__now"
        />
        {taxIncluded && <span className="catalogue-card__tax">incl. GST</span>}
      </p>
    </fieldset>
  );

  const action = outOfStock ? (
    <div className="catalogue-card__out">
      <Button fullWidth size="l" disabled>
        Out of stock
      </Button>
      {state === 'fetchingLastSale' && (
        <p className="catalogue-card__last-sale" aria-busy="true">
          Checking the last sale…
        </p>
      )}
      {state === 'fetchingLastSaleFailure' && (
        <div className="catalogue-card__inline-error" role="alert">
          <p>We could not load when it last sold.</p>
          <Button variant="ghost" size="s" onClick={onRetry}>
            Retry
          </Button>
        </div>
      )}
      {lastSaleNote && state !== 'fetchingLastSale' && state !== 'fetchingLastSaleFailure' && (
        <p className="catalogue-card__last-sale">{lastSaleNote}</p>
      )}
      {(state === 'notifyMe' || state === 'notifyMePending' || state === 'notifyMeFailure') && (
        <Suspense fallback={null}>
          <NotifyMeForm countryCode={pkg.country_code} status={state} error={error} onSubmit={onNotifyMe} />
        </Suspense>
      )}
      {state === 'notifyMeSuccess' && (
        <p className="catalogue-card__notified" role="status">
          Thank you. We will let you know as soon as it is back in stock.
        </p>
      )}
    </div>
  ) : (
    <div className="catalogue-card__buy">
      {state === 'fetchingPriceEstimateFailed' && (
        <div className="catalogue-card__inline-error" role="alert">
          <p>We could not confirm the latest price.</p>
          <Button variant="ghost" size="s" onClick={onRetry}>
            Retry
          </Button>
        </div>
      )}
      <Button ref={buyButton} fullWidth size="l" loading={checking} disabled={buyDisabled} onClick={buy}>
        Add to cart
      </Button>
      {buyHint && <p className="catalogue-card__hint">Choose at least one item above.</p>}
      {designInvalid && <p className="catalogue-card__hint">Check the name to engrave above.</p>}
      <p className="catalogue-card__added" role="status">
        {added ? 'Added to your cart.' : ''}
      </p>
    </div>
  );

  return (
    <>
      <article
        ref={article}
        className="catalogue-card"
        aria-labelledby={titleId}
        data-package-code={pkg.package_code}
      >
        <Gallery pictures={packagePictures(pkg)} label={pkg.name} eager={eager} />
        <div className="catalogue-card__body">
          <Heading id={titleId} className="catalogue-card__title">
            {white}
            {orange && (
              <>
                {' '}
                <span data-tone="accent">{orange}</span>
              </>
            )}
          </Heading>
          {priceBlock}
          {customizable && <p className="catalogue-card__description">{pkg.description}</p>}
          {options}
          {action}

          <div className="catalogue-card__details">
            {!customizable && <p className="catalogue-card__description">{pkg.description}</p>}
            {!customizable && pkg.products.length > 1 && (
              <ul className="catalogue-card__contents" aria-label="In the box">
                {pkg.products.map((p) => (
                  <li key={p.product_id}>
                    {p.quantity} × {p.name}
                  </li>
                ))}
              </ul>
            )}
            <StockLine stock={stock} />
            {soldBy && !customizable && <p className="catalogue-card__sold-by">{soldBy}</p>}
            <p className="catalogue-card__available">
              <span className="catalogue-card__badge">Currently available in</span>{' '}
              {listOf(pkg.available_in.map(countryName))}
            </p>
          </div>
        </div>
      </article>
      {!outOfStock && (
        <StickyBuyBar
          card={article}
          action={buyButton}
          name={barName}
          price={
            barPrice && (
              <>
                {barPrice}
                {taxIncluded && <span className="catalogue-buybar__label">incl. GST</span>}
              </>
            )
          }
          hint={buyHint ? 'Choose at least one item' : undefined}
          disabled={buyDisabled}
          loading={checking}
          onBuy={buy}
        />
      )}
    </>
  );
}

import type { Currency } from '@contract/constants';
import { formatMoney } from '@contract/money';
import type { ReactNode } from 'react';
import { useIsOnline } from '@/api/online';
import { splitPackageName } from '@/lib/packageName';
import { stockText } from '@/lib/stock';
import { type CartItem, removePackage, setPackageCount } from '@/state/cart';
import {
  isLineBuyable,
  isSingleQuantityProduct,
  removeItem,
  updateItemQuantity,
  useCart,
} from '@/state/cartEdits';
import { useCountry } from '@/state/country';
import { AmountView, amountWidth } from '@/ui/AmountView';
import { Button } from '@/ui/Button';
import { Money } from '@/ui/Money';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { type CartEstimate, type LineEstimate, useCartEstimate, withGst } from './estimate';
import './cart.css';
import '@/ui/visually-hidden.css';

/*
 * The cart's lines (spec §2 Order summary and cart): the product list header, a fixed package as one titled group,
 * a customizable package as its lines, prices with GST from the server's estimate. The cart edits them; the
 * checkout's order summary shows the same lines read-only.
 */

/** Spec §2: a fixed package's name splits at the first hyphen: the part before is white, the rest orange. */
function PackageName({ name }: { name: string }) {
  const { white, orange } = splitPackageName(name);
  return (
    <>
      <span className="cart-package-name__white">{orange ? `${white} ` : white}</span>
      {orange && <span data-tone="accent">{orange}</span>}
    </>
  );
}

/**
 * The estimate's figures for a line: this cart's answer, else the last one that priced it at this quantity, else
 * (offline) the catalogue's last known price for it, the one its product page shows.
 */
function estimateFor(line: CartItem, estimate: CartEstimate): LineEstimate | null {
  const found = (estimate.estimate ?? estimate.latest)?.lines.get(line.id);
  if (found?.quantity === line.quantity) return found;
  const latest = estimate.latest?.lines.get(line.id);
  if (latest?.quantity === line.quantity) return latest;
  return estimate.catalogue.get(line.id) ?? null;
}

/** Any estimate's figures for a line (its GST rate does not depend on the quantity). */
function anyEstimateFor(line: CartItem, estimate: CartEstimate): LineEstimate | null {
  return (
    estimate.estimate?.lines.get(line.id) ??
    estimate.latest?.lines.get(line.id) ??
    estimate.catalogue.get(line.id) ??
    null
  );
}

/** The cart's stepper: its buttons say what they change ("Increase Custom bat quantity"). */
function Stepper({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  value: number;
  onChange: (next: number) => void;
  disabled?: boolean;
}) {
  return (
    <QuantityStepper
      itemName={label}
      value={value}
      // A blocked line can go down (or out) but not up.
      max={disabled ? value : undefined}
      decreaseLabel={`Decrease ${label} quantity`}
      increaseLabel={`Increase ${label} quantity`}
      onChange={onChange}
    />
  );
}

/** What a line's product cell and its notes read. */
interface LineCellProps {
  line: CartItem;
  currency: Currency;
  online: boolean;
  estimate: CartEstimate;
}

function LineNotes({ line, currency, online, estimate }: LineCellProps) {
  const notes: ReactNode[] = [];
  const priced = estimateFor(line, estimate);
  if (line.unavailable) {
    notes.push(
      <span key="unavailable" className="cart-flag cart-flag--danger">
        No longer sold in your country
      </span>,
    );
  } else if (line.currency !== currency) {
    notes.push(
      <span key="currency" className="cart-flag cart-flag--info">
        {online ? `Checking the price in ${currency}` : `Price in ${currency} when you are back online`}
      </span>,
    );
  } else if (line.outOfStock || priced?.stock.kind === 'out') {
    notes.push(
      <span key="stock" className="cart-flag cart-flag--danger">
        Out of stock
      </span>,
    );
  } else if (priced?.stock.kind === 'few') {
    notes.push(
      <span
        key="stock"
        className={`cart-flag ${line.quantity > priced.stock.left ? 'cart-flag--danger' : 'cart-flag--info'}`}
      >
        {stockText(priced.stock)}
      </span>,
    );
  }
  if (line.priceChangedFrom !== null && line.currency === currency) {
    // One price language: the change in unit prices with GST, once an estimate has told the line's rate.
    const rate = anyEstimateFor(line, estimate)?.gstRate;
    notes.push(
      <span key="price" className="cart-flag cart-flag--info">
        {rate === undefined
          ? 'Price changed since you added it'
          : `Price changed from ${formatMoney(withGst(line.priceChangedFrom, rate), line.currency)} to ${formatMoney(withGst(line.price, rate), line.currency)}`}
      </span>,
    );
  }
  // Spec §2 shows these codes at quantity 1 whatever the cart holds: say so when it holds more.
  if (isSingleQuantityProduct(line.productCode) && line.quantity > 1) {
    notes.push(
      <span key="single" className="cart-flag">
        A game key is listed once per order; the price covers all {line.quantity}
      </span>,
    );
  }
  return notes.length > 0 ? <span className="cart-line__notes">{notes}</span> : null;
}

function ProductCell({ line, currency, online, estimate }: LineCellProps) {
  return (
    <th scope="row" className="cart-line__product">
      <span className="cart-line__product-inner">
        <img className="cart-line__pic" src={line.picUrl} alt="" width={48} height={48} loading="lazy" />
        <span className="cart-line__text">
          <span className="cart-line__name">{line.name}</span>
          {line.customizationDescription && (
            <span className="cart-line__design">{line.customizationDescription}</span>
          )}
          <LineNotes line={line} currency={currency} online={online} estimate={estimate} />
        </span>
      </span>
    </th>
  );
}

/** The width of the widest line amount, so a skeleton takes the place the amount will. */
const AMOUNT_SKELETON_WIDTH = '7ch';

function PriceCell({
  line,
  currency,
  estimate,
  editable,
}: {
  line: CartItem;
  currency: Currency;
  estimate: CartEstimate;
  editable: boolean;
}) {
  const removable = editable && line.packageType === 'customizable' && (line.outOfStock || line.unavailable);
  const remove = removable && (
    <Button variant="link" size="s" aria-label={`Remove ${line.name}`} onClick={() => removeItem(line.id)}>
      Remove
    </Button>
  );
  // A line not priced in the buyer's currency shows no amount: never a ₹ price beside a $ total.
  if (line.currency !== currency) {
    return (
      <td className="cart-line__price">
        <AmountView status="unknown" unknownLabel={`No price in ${currency}`} />
        {remove}
      </td>
    );
  }
  const blocked = line.outOfStock || line.unavailable;
  const priced = estimateFor(line, estimate);
  // A part a fixed package holds none of costs nothing (spec §3 keeps it in the list).
  const amount = line.quantity === 0 ? 0 : priced?.amount;
  const loading = !blocked && (estimate.status === 'loading' || estimate.status === 'updating');
  // As wide as the line's last amount, when there is one, so the column does not move when the new one comes.
  const last = anyEstimateFor(line, estimate)?.amount;
  return (
    <td className="cart-line__price">
      <AmountView
        status={amount !== undefined ? 'known' : loading ? 'loading' : 'unknown'}
        width={last === undefined ? AMOUNT_SKELETON_WIDTH : amountWidth(last, line.currency)}
        loadingLabel="Price loading"
        unknownLabel={blocked ? 'Not in the total' : 'Price not known yet'}
      >
        {amount !== undefined && (
          <Money minor={amount} currency={line.currency} strike={blocked} strikeLabel="Not in the total" />
        )}
      </AmountView>
      {remove}
    </td>
  );
}

function QuantityCell({ line, editable, left }: { line: CartItem; editable: boolean; left: number | null }) {
  // Spec §2: the three digital product codes always show quantity 1, with nothing to change.
  if (isSingleQuantityProduct(line.productCode) || !editable) {
    return (
      <td className="cart-line__quantity">
        <span className="cart-line__fixed-quantity">
          {isSingleQuantityProduct(line.productCode) ? 1 : line.quantity}
        </span>
      </td>
    );
  }
  return (
    <td className="cart-line__quantity">
      <Stepper
        label={line.name}
        value={line.quantity}
        onChange={(next) => updateItemQuantity(line.id, next)}
        disabled={line.outOfStock || line.unavailable || (left !== null && line.quantity >= left)}
      />
    </td>
  );
}

interface Group {
  packageId: number;
  packageName: string;
  packageType: CartItem['packageType'];
  lines: CartItem[];
}

function groupLines(items: readonly CartItem[]): Group[] {
  const groups = new Map<number, Group>();
  for (const line of items) {
    let group = groups.get(line.packageId);
    if (!group) {
      group = {
        packageId: line.packageId,
        packageName: line.packageName,
        packageType: line.packageType,
        lines: [],
      };
      groups.set(line.packageId, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}

/** Spec §3: a fixed package is one titled group: one package-count stepper and one Remove, never per part. */
function FixedGroupHeader({
  group,
  currency,
  estimate,
  editable,
}: {
  group: Group;
  currency: Currency;
  estimate: CartEstimate;
  editable: boolean;
}) {
  const count = group.lines[0]?.packageCount ?? 1;
  if (!editable) {
    return (
      <tr className="cart-group__header">
        <th scope="colgroup" colSpan={3} className="cart-group__cell">
          <div className="cart-group__title">
            <span className="cart-package-name">
              <PackageName name={group.packageName} />
            </span>
            {count > 1 && <span className="cart-group__count">× {count}</span>}
          </div>
        </th>
      </tr>
    );
  }
  // One more package needs unitsPerPackage more of every part: blocked when a part has no more left.
  const blocked = group.lines.some((line) => {
    const left = unitsLeft(line, estimate);
    return !isLineBuyable(line, currency) || (left !== null && line.quantity + line.unitsPerPackage > left);
  });
  return (
    <tr className="cart-group__header">
      <th scope="colgroup" colSpan={3} className="cart-group__cell">
        <div className="cart-group__title">
          <span className="cart-package-name">
            <PackageName name={group.packageName} />
          </span>
          <span className="cart-group__actions">
            <Stepper
              label={group.packageName}
              value={count}
              onChange={(next) => setPackageCount(group.packageId, next)}
              disabled={blocked}
            />
            <Button
              variant="link"
              size="s"
              aria-label={`Remove ${group.packageName}`}
              onClick={() => removePackage(group.packageId)}
            >
              Remove
            </Button>
          </span>
        </div>
      </th>
    </tr>
  );
}

/** Units left of a limited line, from the estimate; null when unlimited or not known. */
function unitsLeft(line: CartItem, estimate: CartEstimate): number | null {
  const stock = anyEstimateFor(line, estimate)?.stock;
  if (stock?.kind === 'few') return stock.left;
  return stock?.kind === 'out' ? 0 : null;
}

export interface CartTableProps {
  items: readonly CartItem[];
  currency: Currency;
  online: boolean;
  estimate: CartEstimate;
  /** The cart edits quantities and removes packages; the checkout's summary only shows them. */
  editable: boolean;
}

/** The product list header and the lines, grouped by package. */
export function CartTable({ items, currency, online, estimate, editable }: CartTableProps) {
  const groups = groupLines(items);
  return (
    <table className="cart-table">
      <thead>
        <tr>
          <th scope="col" className="cart-table__col">
            Product
          </th>
          <th scope="col" className="cart-table__col cart-table__col--quantity">
            Quantity
          </th>
          <th scope="col" className="cart-table__col cart-table__col--price">
            Price
          </th>
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody
          key={group.packageId}
          className={`cart-group cart-group--${group.packageType}`}
          aria-label={group.packageName}
        >
          {group.packageType === 'fixed' && (
            <FixedGroupHeader group={group} currency={currency} estimate={estimate} editable={editable} />
          )}
          {group.lines.map((line) => (
            <tr key={line.id} className="cart-line" data-testid={`cart-line-${line.productCode}`}>
              <ProductCell line={line} currency={currency} online={online} estimate={estimate} />
              <QuantityCell
                line={line}
                editable={editable && group.packageType === 'customizable'}
                left={unitsLeft(line, estimate)}
              />
              <PriceCell line={line} currency={currency} estimate={estimate} editable={editable} />
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

/**
 * The cart's lines on their own, priced by the cart's estimate (one query shared with the cart, by its key), for
 * a screen that shows what is being bought: the checkout's order summary passes editable={false}.
 */
export function CartLines({ editable = true }: { editable?: boolean }) {
  const cart = useCart();
  const online = useIsOnline();
  const estimate = useCartEstimate(cart.items, cart.currency, useCountry().countryCode, !cart.isEmpty);
  if (cart.isEmpty) return <p className="cart-empty">Your cart is empty.</p>;
  return (
    <CartTable
      items={cart.items}
      currency={cart.currency}
      online={online}
      estimate={estimate}
      editable={editable}
    />
  );
}

import type { Currency } from '@contract/constants';
import type { ReactNode } from 'react';
import { useIsOnline } from '@/api/online';
import { formatDayTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { splitPackageName } from '@/lib/packageName';
import {
  type CartItem,
  isLineBuyable,
  isSingleQuantityProduct,
  removeItem,
  removePackage,
  setPackageCount,
  updateItemQuantity,
  useCart,
} from '@/state/cart';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { Money } from '@/ui/Money';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { closeCart, useCartOpen } from './view';
import './cart.css';
import '@/ui/visually-hidden.css';

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

function formatCheckedAt(at: number | null): string {
  if (at === null) return 'when added';
  return formatDayTime(at, Date.now());
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

function LineNotes({ line, currency, online }: { line: CartItem; currency: Currency; online: boolean }) {
  const notes: ReactNode[] = [];
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
  } else if (line.outOfStock) {
    notes.push(
      <span key="stock" className="cart-flag cart-flag--danger">
        Out of stock
      </span>,
    );
  }
  if (line.priceChangedFrom !== null && line.currency === currency) {
    notes.push(
      <span key="price" className="cart-flag cart-flag--info">
        Price changed from {formatMoney(line.priceChangedFrom, line.currency)} to{' '}
        {formatMoney(line.price, line.currency)}
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

function ProductCell({ line, currency, online }: { line: CartItem; currency: Currency; online: boolean }) {
  return (
    <th scope="row" className="cart-line__product">
      <span className="cart-line__product-inner">
        <img className="cart-line__pic" src={line.picUrl} alt="" width={48} height={48} loading="lazy" />
        <span className="cart-line__text">
          <span className="cart-line__name">{line.name}</span>
          <LineNotes line={line} currency={currency} online={online} />
        </span>
      </span>
    </th>
  );
}

function PriceCell({ line, currency }: { line: CartItem; currency: Currency }) {
  const removable = line.packageType === 'customizable' && (line.outOfStock || line.unavailable);
  const remove = removable && (
    <Button variant="link" size="s" aria-label={`Remove ${line.name}`} onClick={() => removeItem(line.id)}>
      Remove
    </Button>
  );
  // A line not priced in the buyer's currency shows no amount: never a ₹ price beside a $ total.
  if (line.currency !== currency) {
    return (
      <td className="cart-line__price">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No price in {currency}</span>
        {remove}
      </td>
    );
  }
  const blocked = line.outOfStock || line.unavailable;
  return (
    <td className="cart-line__price">
      <Money
        minor={line.itemTotal}
        currency={line.currency}
        strike={blocked}
        strikeLabel="Not in the total"
      />
      {remove}
    </td>
  );
}

function QuantityCell({ line, editable }: { line: CartItem; editable: boolean }) {
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
        disabled={line.outOfStock || line.unavailable}
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
function FixedGroupHeader({ group, currency }: { group: Group; currency: Currency }) {
  const count = group.lines[0]?.packageCount ?? 1;
  const blocked = group.lines.some((line) => !isLineBuyable(line, currency));
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

/** The cart body: the product list (spec §2 "your cart"), its total and the offline note. */
export function CartContents() {
  const cart = useCart();
  const online = useIsOnline();
  if (cart.isEmpty) {
    return (
      <div className="cart-empty">
        <p>Your cart is empty.</p>
        <p>Add a home kit, the game or a bat from the shop.</p>
      </div>
    );
  }
  const groups = groupLines(cart.items);
  return (
    <div className="cart">
      {!online && (
        <p className="cart-offline" role="status">
          Prices as of {formatCheckedAt(cart.metadata.pricesCheckedAt)} will be checked when you are back
          online
        </p>
      )}
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
            {group.packageType === 'fixed' && <FixedGroupHeader group={group} currency={cart.currency} />}
            {group.lines.map((line) => (
              <tr key={line.id} className="cart-line" data-testid={`cart-line-${line.productCode}`}>
                <ProductCell line={line} currency={cart.currency} online={online} />
                <QuantityCell line={line} editable={group.packageType === 'customizable'} />
                <PriceCell line={line} currency={cart.currency} />
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <div className="cart-total">
        <span>Total</span>
        <Money minor={cart.cartTotal} currency={cart.currency} className="cart-total__amount" />
      </div>
      <p className="cart-note">
        Prices before GST: GST (where it applies) and shipping are added at checkout.
      </p>
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

import { useCartCount } from './store';
import { openCart } from './view';
import './cart.css';

export { openCart } from './view';

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM1 2v2h2l3.6 7.59-1.35 2.45A2 2 0 0 0 7 17h12v-2H7.42a.25.25 0 0 1-.22-.37L8.1 13h7.45a2 2 0 0 0 1.75-1.03l3.58-6.49A1 1 0 0 0 20 4H5.21l-.94-2z"
      />
    </svg>
  );
}

export interface CartButtonProps {
  /** header: icon with a count badge; nav: the bottom navigation's icon-over-label item. */
  variant?: 'header' | 'nav';
  className?: string;
}

/** Opens the cart; its name carries the count ("Cart, 2 items"). */
export function CartButton({ variant = 'header', className }: CartButtonProps) {
  const count = useCartCount();
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <button
      type="button"
      className={['cart-button', `cart-button--${variant}`, className].filter(Boolean).join(' ')}
      aria-label={label}
      onClick={openCart}
    >
      <span className="cart-button__icon">
        <CartIcon />
        {count > 0 && (
          <span className="cart-button__badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
      {variant === 'nav' && <span aria-hidden="true">Cart</span>}
    </button>
  );
}

import { useCartCount } from '@/state/cart';
import { CartIcon } from '@/ui/icons';
import { openCart } from './view';
import './cart.css';

export { openCart } from './view';

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

import { proxy, useSnapshot } from 'valtio';

/** Whether the cart view is open; the app shell mounts <CartDialog /> once and it follows this. */
export const cartView = proxy({ open: false });

export function openCart(): void {
  cartView.open = true;
}

export function closeCart(): void {
  cartView.open = false;
}

export function useCartOpen(): boolean {
  return useSnapshot(cartView).open;
}

/* How stock is told to the buyer, the same on the product page and in the cart. */

export type StockView = { kind: 'in' } | { kind: 'few'; left: number } | { kind: 'out' };

/** "Only N left" from this many units down. */
export const FEW_LEFT = 10;

/** `left`: units that can still be sold, null when unlimited. */
export function stockOf(left: number | null, isOutOfStock: boolean): StockView {
  if (isOutOfStock || (left !== null && left <= 0)) return { kind: 'out' };
  if (left !== null && left <= FEW_LEFT) return { kind: 'few', left };
  return { kind: 'in' };
}

export function stockText(stock: StockView): string {
  switch (stock.kind) {
    case 'out':
      return 'Out of stock';
    case 'few':
      return `Only ${stock.left} left`;
    default:
      return 'In stock';
  }
}

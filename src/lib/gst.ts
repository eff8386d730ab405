import type { SupplyType } from '@contract/constants';
import { toMinor } from '@contract/money';
import type { Order } from '@contract/orders';

/* GST as the invoice shows it: CGST + SGST within the seller's state, IGST between states, none on export. */

/** The order's GST in its parts, minor units. */
export interface GstSplit {
  supply: SupplyType;
  cgst: number;
  sgst: number;
  igst: number;
}

/** One tax row: `amount` null when nothing is charged and the label says why (an export). */
export interface TaxLine {
  key: 'gst' | 'cgst' | 'sgst' | 'igst' | 'export';
  label: string;
  amount: number | null;
}

export const EXPORT_TAX_LABEL = 'No GST (export)';

/** The rows of the tax: its parts when known, else one GST row of the whole tax (before the first estimate). */
export function taxLines(gst: GstSplit | null, taxAmount: number): TaxLine[] {
  if (gst === null) return [{ key: 'gst', label: 'GST', amount: taxAmount }];
  if (gst.supply === 'export') return [{ key: 'export', label: EXPORT_TAX_LABEL, amount: null }];
  if (gst.supply === 'intra_state')
    return [
      { key: 'cgst', label: 'CGST', amount: gst.cgst },
      { key: 'sgst', label: 'SGST', amount: gst.sgst },
    ];
  return [{ key: 'igst', label: 'IGST', amount: gst.igst }];
}

/** A placed order's tax rows, from the split kept when it was created; an older order without one shows one GST row. */
export function orderTaxLines(order: Pick<Order, 'gst' | 'total_taxes' | 'currency'>): TaxLine[] {
  const minor = (major: number) => toMinor(major, order.currency);
  const { gst } = order;
  return taxLines(
    gst && { supply: gst.supply, cgst: minor(gst.cgst), sgst: minor(gst.sgst), igst: minor(gst.igst) },
    minor(order.total_taxes),
  );
}

import { describe, expect, it } from 'vitest';
import { orderTaxLines } from './gst';

describe('orderTaxLines', () => {
  it('reads the split the order was created with, in minor units, the odd paisa where the server put it', () => {
    const order = {
      currency: 'INR' as const,
      total_taxes: 1525.27,
      gst: { supply: 'intra_state' as const, cgst: 762.64, sgst: 762.63, igst: 0 },
    };
    expect(orderTaxLines(order)).toEqual([
      { key: 'cgst', label: 'CGST', amount: 76_264 },
      { key: 'sgst', label: 'SGST', amount: 76_263 },
    ]);
  });

  it('shows an order placed before the split was kept as one GST row of its whole tax', () => {
    expect(orderTaxLines({ currency: 'INR', total_taxes: 1525.27, gst: null })).toEqual([
      { key: 'gst', label: 'GST', amount: 152_527 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { commonPaymentServices } from './paymentServices';

const card = { payment_service: 'CARD_MODAL' as const, payment_service_description: 'Card' };
const link = { payment_service: 'PAYMENT_LINK' as const, payment_service_description: 'Link' };

describe('commonPaymentServices', () => {
  it('offers what every package takes, in the first package’s order', () => {
    expect(
      commonPaymentServices([
        { payment_services_details: [link, card] },
        { payment_services_details: [card, link] },
      ]),
    ).toEqual([
      { service: 'PAYMENT_LINK', description: 'Link' },
      { service: 'CARD_MODAL', description: 'Card' },
    ]);
  });

  it('drops a service one package lacks, and offers nothing for no packages', () => {
    expect(
      commonPaymentServices([
        { payment_services_details: [card, link] },
        { payment_services_details: [card] },
      ]),
    ).toEqual([{ service: 'CARD_MODAL', description: 'Card' }]);
    expect(commonPaymentServices([])).toEqual([]);
  });
});

import type { PackageWithEstimate, Product } from '@contract/catalogue';
import { vi } from 'vitest';
import type { PackageCardProps } from './components/PackageCard';

/** Wire-shaped fixtures for the catalogue's tests (the seed's SOLO kit and BAT package, in INR). */
export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    product_id: 1,
    product_code: 'IBC_VR_HEADSET',
    name: 'IBC VR headset',
    description: 'Standalone VR headset.',
    pic_url: '/images/products/headset.svg',
    pictures: ['/images/products/headset.svg'],
    product_type: 'default',
    availability_type: 'LIMITED',
    available_quantity: 120,
    is_out_of_stock: false,
    taxable_amount: 30507,
    original_taxable_amount: 33897,
    hsn_code: '8528',
    gst_rate: 18,
    category: { category_code: 'VR_HARDWARE' },
    quantity: 1,
    total_amount_for_each_product: 30507,
    vendor_details: { vendor_type: 'SELF', vendor_name: 'IBC Cricket' },
    more_details_link: null,
    ...overrides,
  };
}

export function packageFixture(overrides: Partial<PackageWithEstimate> = {}): PackageWithEstimate {
  const products = overrides.products ?? [
    productFixture(),
    productFixture({
      product_id: 2,
      product_code: 'IBC_TRACKED_BAT',
      name: 'IBC tracked bat',
      pic_url: '/images/products/tracked-bat.svg',
      pictures: ['/images/products/tracked-bat.svg'],
      available_quantity: 200,
      taxable_amount: 6245.54,
      original_taxable_amount: null,
      gst_rate: 12,
      total_amount_for_each_product: 6245.54,
    }),
  ];
  return {
    package_id: 10,
    package_code: 'SOLO',
    name: 'IBC home kit - Solo',
    description: 'VR headset, tracked bat and the game for one player profile.',
    pic_url: '/images/products/home-kit-solo.svg',
    pictures: ['/images/products/home-kit-solo.svg', '/images/products/headset.svg'],
    package_type: 'fixed',
    country_code: 'IN',
    currency: 'INR',
    available_in: ['IN', 'US', 'GB'],
    categories: [],
    products,
    price: 36752.54,
    original_price: 40142.54,
    quantity: 0,
    is_out_of_stock: false,
    emi_starts_from_amount: null,
    is_shipping_required: true,
    ad_details: null,
    price_estimate: {
      total_amount: 42994,
      total_taxable_amount: 36752.54,
      total_tax: 6241.46,
      total_discount: 0,
    },
    ...overrides,
  };
}

/** A package card's props: the SOLO kit ready to purchase, with spies for its callbacks. */
export function packageCardProps(overrides: Partial<PackageCardProps> = {}): PackageCardProps {
  return {
    pkg: packageFixture(),
    state: 'readyToPurchase',
    onBuy: vi.fn(),
    onRetry: vi.fn(),
    onNotifyMe: vi.fn(),
    ...overrides,
  };
}

/** The seed's BAT package: customizable, nothing chosen yet, the bat and a grip. */
export const batPackageFixture = (): PackageWithEstimate =>
  packageFixture({
    package_id: 20,
    package_code: 'BAT',
    name: 'Custom designed bat',
    package_type: 'customizable',
    price: 0,
    original_price: null,
    price_estimate: { total_amount: 0, total_taxable_amount: 0, total_tax: 0, total_discount: 0 },
    products: [
      productFixture({
        product_id: 31,
        product_code: 'IBC_CUSTOM_BAT',
        name: 'Custom designed bat',
        taxable_amount: 4463.39,
        original_taxable_amount: null,
        gst_rate: 12,
        quantity: 0,
        available_quantity: 40,
        vendor_details: { vendor_type: 'OTHER', name: 'Kashmir Willow Works' },
      }),
      productFixture({
        product_id: 32,
        product_code: 'IBC_BAT_GRIP',
        name: 'Bat grip',
        taxable_amount: 266.96,
        original_taxable_amount: null,
        gst_rate: 12,
        quantity: 0,
        available_quantity: 500,
      }),
    ],
  });

import type { Package, PackageWithEstimate, Product } from '@contract/catalogue';

/** Wire-shaped products and packages for the cart tests. */
export function product(overrides: Partial<Product> & Pick<Product, 'product_id' | 'product_code'>): Product {
  const taxable = overrides.taxable_amount ?? 1000;
  const quantity = overrides.quantity ?? 1;
  return {
    name: overrides.product_code,
    description: '',
    pic_url: `/images/products/${overrides.product_code}.webp`,
    pictures: [],
    product_type: 'default',
    availability_type: 'UNLIMITED',
    available_quantity: 0,
    is_out_of_stock: false,
    taxable_amount: taxable,
    original_taxable_amount: null,
    hsn_code: '9504',
    gst_rate: 18,
    category: null,
    quantity,
    total_amount_for_each_product: taxable * quantity,
    vendor_details: { vendor_type: 'SELF', vendor_name: 'IBC' },
    more_details_link: null,
    ...overrides,
  };
}

export function pkg(
  overrides: Partial<Package> & Pick<Package, 'package_id' | 'package_code' | 'products'>,
): Package {
  return {
    name: overrides.package_code,
    description: '',
    pic_url: '',
    pictures: [],
    package_type: 'fixed',
    country_code: 'IN',
    currency: 'INR',
    available_in: ['IN', 'US', 'GB', 'CA', 'AU'],
    categories: [],
    price: overrides.products.reduce((sum, p) => sum + p.total_amount_for_each_product, 0),
    original_price: null,
    quantity: 0,
    is_out_of_stock: false,
    emi_starts_from_amount: null,
    is_shipping_required: true,
    ad_details: null,
    ...overrides,
  };
}

export function withEstimate(p: Package): PackageWithEstimate {
  return {
    ...p,
    price_estimate: { total_amount: p.price, total_taxable_amount: p.price, total_tax: 0, total_discount: 0 },
  };
}

export const solo = (headset = 39_999) =>
  pkg({
    package_id: 1,
    package_code: 'SOLO',
    name: 'IBC home kit - Solo',
    products: [
      product({
        product_id: 11,
        product_code: 'IBC_VR_HEADSET',
        name: 'VR headset',
        taxable_amount: headset,
      }),
      product({
        product_id: 12,
        product_code: 'IBC_TRACKED_BAT',
        name: 'Tracked bat',
        taxable_amount: 4_999,
      }),
      product({
        product_id: 13,
        product_code: 'IBC_GAME_1_PROFILE_KEY',
        name: 'Game, 1 profile',
        taxable_amount: 1_999,
        product_type: 'game',
      }),
    ],
  });

export const customBat = () =>
  pkg({
    package_id: 9,
    package_code: 'BAT',
    name: 'Custom designed bat',
    package_type: 'customizable',
    products: [
      product({
        product_id: 91,
        product_code: 'IBC_CUSTOM_BAT',
        name: 'Custom bat',
        taxable_amount: 2_500,
        quantity: 0,
      }),
      product({
        product_id: 92,
        product_code: 'IBC_BAT_GRIP',
        name: 'Grip',
        taxable_amount: 300,
        quantity: 0,
      }),
      product({
        product_id: 93,
        product_code: 'IBC_BAT_COVER',
        name: 'Cover',
        taxable_amount: 700,
        quantity: 0,
      }),
    ],
  });

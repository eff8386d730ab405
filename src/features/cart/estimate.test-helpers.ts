import type { Package, Product } from '@contract/catalogue';
import type { PriceEstimateRequest, PriceEstimateResponse } from '@contract/pricing';
import { customBat, solo } from '@/state/cart.test-helpers';

/*
 * A stand-in for the server's estimate in component tests: GST at 18 % per line in India (half up on the line), none
 * abroad, no shipping charge before a pincode. The figures the tests assert are worked out by hand beside them.
 */

export interface FakeStock {
  availability_type?: 'LIMITED' | 'UNLIMITED';
  available_quantity?: number;
}

export interface FakeEstimateOptions {
  packages?: readonly Package[];
  /** product_id → stock. */
  stock?: Record<number, FakeStock>;
}

const round2 = (major: number) => Math.round(major * 100) / 100;

export function fakeEstimate(request: PriceEstimateRequest, options: FakeEstimateOptions = {}) {
  const catalogue = options.packages ?? [solo(), customBat()];
  const country = request.country_name ?? 'IN';
  const rate = country === 'IN' ? 18 : 0;
  let taxable = 0;
  let tax = 0;
  let anyOut = false;
  const packages = request.packages.map((asked) => {
    const pkg = catalogue.find((p) => p.package_id === asked.package_id);
    if (!pkg) throw new Error(`no package ${asked.package_id}`);
    let packageTaxable = 0;
    let packageTax = 0;
    const products = asked.products.map((line) => {
      const product = pkg.products.find((p) => p.product_id === line.product_id) as Product;
      const stock = options.stock?.[product.product_id] ?? {};
      const availability = stock.availability_type ?? 'UNLIMITED';
      const available = stock.available_quantity ?? 0;
      const out = availability === 'LIMITED' && available < line.quantity;
      anyOut ||= out;
      const lineTaxable = round2(product.taxable_amount * line.quantity);
      const lineTax = Math.round(lineTaxable * rate) / 100;
      packageTaxable += lineTaxable;
      packageTax += lineTax;
      return {
        product_id: product.product_id,
        product_code: product.product_code,
        name: product.name,
        product_type: product.product_type,
        availability_type: availability,
        available_quantity: available,
        is_out_of_stock: out,
        taxable_amount: product.taxable_amount,
        quantity: line.quantity,
        gst_rate: rate,
        applicable_discounts: [],
        price_estimate_details: {
          quantity: line.quantity,
          total_amount: round2(lineTaxable + lineTax),
          total_taxable_amount: lineTaxable,
          total_tax: lineTax,
          total_discount: 0,
        },
      };
    });
    taxable += packageTaxable;
    tax += packageTax;
    return {
      package_id: pkg.package_id,
      package_code: pkg.package_code,
      name: pkg.name,
      package_type: pkg.package_type,
      quantity: 1,
      is_out_of_stock: products.some((p) => p.is_out_of_stock),
      is_shipping_required: pkg.is_shipping_required,
      price_estimate: {
        total_amount: round2(packageTaxable + packageTax),
        total_taxable_amount: round2(packageTaxable),
        total_tax: round2(packageTax),
        total_discount: 0,
      },
      products,
    };
  });
  const total = round2(taxable + tax);
  const response: PriceEstimateResponse = {
    country_code: country,
    currency: country === 'IN' ? 'INR' : 'USD',
    total_price: total,
    taxable_amount: round2(taxable),
    tax_amount: round2(tax),
    shipping_charges: 0,
    discounts: 0,
    coupon_discount: 0,
    association_discount: 0,
    other_discounts: [],
    amount_payable: total,
    pricing_type: 'FULL_PAYMENT',
    emi_amount_starting_from: 0,
    emi_tenure_months: null,
    is_shipping_required: packages.some((p) => p.is_shipping_required),
    is_out_of_stock: anyOut,
    gst: { supply: rate > 0 ? 'inter_state' : 'export', cgst: 0, sgst: 0, igst: round2(tax) },
    coupon_code: null,
    associate_code: null,
    associate_name: null,
    packages,
  };
  return response;
}

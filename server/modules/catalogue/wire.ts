import { BAT_ENGRAVING_MAX_LENGTH, BAT_OPTION_GROUP_NAMES, BAT_OPTION_GROUPS } from '@contract/bat-design';
import type { BatOptions, Package, PackageWithEstimate, Product } from '@contract/catalogue';
import { type Currency, toMajor } from '@contract/money';
import type { PricedLine, PricedPackage } from './price';
import type { CatalogueProduct } from './repo';

// ---- The wire (major units from here on) ----

/** A designed product's choices with their prices in the buyer's currency; null for any other product. */
export function toWireOptions(product: CatalogueProduct, currency: Currency): BatOptions | null {
  if (product.options.length === 0) return null;
  return {
    groups: BAT_OPTION_GROUPS.map((group) => ({
      group,
      name: BAT_OPTION_GROUP_NAMES[group],
      options: product.options
        .filter((o) => o.group === group)
        .map((o) => ({
          code: o.code,
          label: o.label,
          detail: o.detail,
          price_delta: toMajor(o.deltaMinor[currency], currency),
          colour: o.colour,
          length_mm: o.lengthMm,
        })),
    })),
    engraving_max_length: BAT_ENGRAVING_MAX_LENGTH,
  };
}

function toWireProduct(line: PricedLine, currency: Currency, withEstimate: boolean): Product {
  const major = (minor: number) => toMajor(minor, currency);
  const { product: p } = line;
  return {
    product_id: p.id,
    product_code: p.code,
    name: p.name,
    description: p.description,
    pic_url: p.picUrl,
    pictures: p.pictures.length > 0 ? p.pictures : [p.picUrl],
    product_type: p.productType,
    availability_type: p.availabilityType,
    available_quantity: p.availableQuantity,
    is_out_of_stock: line.isOutOfStock,
    taxable_amount: major(line.unitTaxableMinor),
    original_taxable_amount:
      line.unitOriginalMinor !== null && line.unitOriginalMinor > line.unitTaxableMinor
        ? major(line.unitOriginalMinor)
        : null,
    hsn_code: p.hsnCode,
    gst_rate: line.gstRateBp / 100,
    category: p.category ? { category_code: p.category.code } : null,
    quantity: line.quantity,
    total_amount_for_each_product: major(line.lineTaxableMinor),
    vendor_details:
      p.vendorType === 'SELF'
        ? { vendor_type: 'SELF', vendor_name: p.vendorName }
        : { vendor_type: 'OTHER', name: p.vendorName },
    more_details_link: p.moreDetailsLink,
    customization_options: toWireOptions(p, currency),
    ...(withEstimate
      ? {
          price_estimate_details: {
            quantity: line.quantity,
            total_amount: major(line.lineTaxableMinor + line.lineTaxMinor),
            total_taxable_amount: major(line.lineTaxableMinor),
            total_tax: major(line.lineTaxMinor),
            total_discount: 0,
          },
        }
      : {}),
  };
}

export function toWirePackage(priced: PricedPackage, withEstimate = false): Package {
  const major = (minor: number) => toMajor(minor, priced.currency);
  const { pkg } = priced;
  const categories = new Map<string, Package['categories'][number]>();
  for (const { product } of priced.lines) {
    if (!product.category) continue;
    const entry = categories.get(product.category.code) ?? {
      category_code: product.category.code,
      name: product.category.name,
      description: product.category.description,
      pic_url: product.category.picUrl,
      products: [],
    };
    entry.products.push(product.id);
    categories.set(product.category.code, entry);
  }
  return {
    package_id: pkg.id,
    package_code: pkg.code,
    name: pkg.name,
    description: pkg.description,
    pic_url: pkg.picUrl,
    pictures: pkg.pictures.length > 0 ? pkg.pictures : [pkg.picUrl],
    package_type: pkg.packageType,
    country_code: priced.countryCode,
    currency: priced.currency,
    available_in: pkg.availableCountries,
    categories: [...categories.values()],
    products: priced.lines.map((l) => toWireProduct(l, priced.currency, withEstimate)),
    price: major(priced.priceMinor),
    original_price: priced.originalPriceMinor === null ? null : major(priced.originalPriceMinor),
    quantity: 0,
    is_out_of_stock: priced.isOutOfStock,
    emi_starts_from_amount: priced.emiStartsFromMinor === null ? null : major(priced.emiStartsFromMinor),
    is_shipping_required: pkg.isShippingRequired,
    ad_details:
      pkg.ad && priced.adCostPerDevicePerDayMinor !== null
        ? {
            ad_config_id: pkg.ad.id,
            ad_name: pkg.ad.adName,
            venue: pkg.ad.venue,
            start_date: pkg.ad.startDate,
            end_date: pkg.ad.endDate,
            devices: pkg.ad.devices.map((d) => ({ device_name: d.deviceName, device_id: d.deviceCode })),
            ad_assets: pkg.ad.adAssets,
            cost_per_device_per_day: major(priced.adCostPerDevicePerDayMinor),
          }
        : null,
  };
}

export function toWirePackageWithEstimate(priced: PricedPackage): PackageWithEstimate {
  const major = (minor: number) => toMajor(minor, priced.currency);
  return {
    ...toWirePackage(priced, true),
    price_estimate: {
      total_amount: major(priced.estimate.amountMinor),
      total_taxable_amount: major(priced.estimate.taxableMinor),
      total_tax: major(priced.estimate.taxMinor),
      total_discount: major(priced.estimate.discountMinor),
    },
  };
}

import type { DesignChoice } from '@contract/bat-design';
import type { Package } from '@contract/catalogue';
import { openCart } from '@/features/cart/view';
import { HowItWorksBanner } from '@/features/catalogue/components/HowItWorks';
import { ProductPage } from '@/features/catalogue/ProductPage';
import { PRODUCT_PAGES, type ProductPath } from '@/features/catalogue/productTypes';
import { CurrencySwitch } from '@/features/country/CurrencySwitch';
import { HomePage } from '@/features/home/HomePage';
import { featureFlags } from '@/lib/featureFlags';
import { addPackageToCart } from '@/state/cart';
import { useCountry } from '@/state/country';

/*
 * The composition the product routes share (the '-' prefix keeps it out of the route tree): the
 * catalogue's page with the country store, the currency switch and the cart's view, which the
 * catalogue feature may not import itself.
 */

function buy(pkg: Package, quantities?: Record<number, number>, designs?: Record<number, DesignChoice>) {
  addPackageToCart(pkg, quantities, designs);
  openCart();
}

export function ProductRoute({ path }: { path: ProductPath }) {
  const { countryCode, currency } = useCountry();
  return (
    <ProductPage
      config={PRODUCT_PAGES[path]}
      countryCode={countryCode}
      currency={currency}
      onBuy={buy}
      currencySwitch={<CurrencySwitch />}
      // Delivered goods to India: a game is a key sent by e-mail, and abroad there are no pincodes.
      deliveryCheck={
        featureFlags.availabilityCheckByPincode &&
        countryCode === 'IN' &&
        PRODUCT_PAGES[path].productType !== 'game'
      }
    />
  );
}

export function HomeRoute() {
  const { countryCode, currency } = useCountry();
  return (
    <HomePage
      packages={
        <ProductPage
          variant="section"
          config={PRODUCT_PAGES['/']}
          countryCode={countryCode}
          currency={currency}
          onBuy={buy}
          currencySwitch={<CurrencySwitch />}
          showHowItWorks={false}
        />
      }
      howItWorks={<HowItWorksBanner />}
    />
  );
}

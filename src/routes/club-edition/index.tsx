import { createFileRoute } from '@tanstack/react-router';
import { ClubEditionPage } from '@/features/business/BusinessPages';
import { PAGE_CODES } from '@/features/business/pages';
import { openCart } from '@/features/cart/view';
import { ProductPage } from '@/features/catalogue/ProductPage';
import { CurrencySwitch } from '@/features/country/CurrencySwitch';
import { addPackageToCart } from '@/state/cart';
import { useCountry } from '@/state/country';
import { loadBusinessPage } from '../-business-loader';

export const Route = createFileRoute('/club-edition/')({
  // The page's head comes with its loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: ({ context }) => loadBusinessPage('club', context),
  component: ClubEditionRoute,
});

const CLUB_SECTION = {
  packageCodes: PAGE_CODES.club,
  heading: 'Buy the club edition',
  lede: 'Two headsets, two tracked bats and the pitch sensor kit, delivered and set up.',
};

// The catalogue's package card: its price, stock and notify-me as on every product page.
function ClubEditionRoute() {
  const { countryCode, currency } = useCountry();
  return (
    <ClubEditionPage
      packages={
        <ProductPage
          variant="section"
          config={CLUB_SECTION}
          countryCode={countryCode}
          currency={currency}
          onBuy={(pkg, quantities) => {
            addPackageToCart(pkg, quantities);
            openCart();
          }}
          currencySwitch={<CurrencySwitch />}
          showHowItWorks={false}
        />
      }
    />
  );
}

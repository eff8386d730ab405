import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { type ComponentProps, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { CartButton } from '@/features/cart/CartButton';
import { useCartOpen } from '@/features/cart/view';
import { OrderReturnMount } from '@/features/orders/OrderReturnMount';
import { isShellDocument, useServerPageAdopted } from '@/lib/serverPage';
import { useCartCount } from '@/state/cart';
import { useCountry } from '@/state/country';
import { useAuth } from '../features/auth/AuthProvider';
import { AccountMenu } from '../features/profile/AccountMenu';
import { CONTENT_PATHS, SITE_NAME } from '../lib/site';
import { HelpIcon, HomeIcon, InfoIcon } from '../ui/icons';
import { Logo } from '../ui/Logo';
import './layout.css';
import { InstallButton } from './pwa/InstallButton';
import { OfflineBanner } from './pwa/OfflineBanner';
import { UpdatePrompt } from './pwa/UpdatePrompt';

const primaryNav = [
  { to: '/', label: 'Home', Icon: HomeIcon },
  { to: CONTENT_PATHS.help, label: 'Help', Icon: HelpIcon },
  { to: CONTENT_PATHS.aboutUs, label: 'About', Icon: InfoIcon },
] as const;

const footerLinks = [
  { to: '/my-orders', label: 'My orders' },
  { to: CONTENT_PATHS.aboutUs, label: 'About us' },
  { to: CONTENT_PATHS.help, label: 'Help' },
  { to: CONTENT_PATHS.metaverseSuperstar, label: 'Metaverse Superstar' },
  { to: '/business', label: 'For venues' },
  { to: '/club-edition', label: 'Club edition' },
  { to: CONTENT_PATHS.terms, label: 'Terms and conditions' },
  { to: CONTENT_PATHS.privacy, label: 'Privacy policy' },
  { to: CONTENT_PATHS.businessLicenceTerms, label: 'Business licence terms' },
] as const;

// Loaded on demand so the first paint does not wait for the modal's animation library or the HTTP client.
const CartDialog = lazy(() => import('@/features/cart/CartDialog').then((m) => ({ default: m.CartDialog })));
const CartRevalidation = lazy(() => import('@/features/cart/revalidate'));

/*
 * The frame renders once: what changes after hydration (the account, the cart, the country, the page) is read by
 * the small parts below that show it, so the stored state coming back re-renders those, not every link of the shell.
 */

function ShellAccountMenu({
  variant,
  className,
}: Pick<ComponentProps<typeof AccountMenu>, 'variant' | 'className'>) {
  const auth = useAuth();
  return (
    <AccountMenu
      variant={variant}
      className={className}
      signedIn={auth.signedIn}
      userId={auth.userId}
      onSignOut={() => void auth.logout()}
    />
  );
}

/** The cart dialog, loaded when first opened; then it stays mounted so it can animate out when closed. */
function CartDialogMount() {
  const cartOpen = useCartOpen();
  const [wanted, setWanted] = useState(false);
  if (cartOpen && !wanted) setWanted(true);
  return wanted ? <CartDialog /> : null;
}

/**
 * A cart with lines re-checks prices and stock for the buyer's country whenever the app is online. The stored cart
 * comes back once the page is live (startApp), so this never runs in hydration's render.
 */
function CartRevalidationMount() {
  const { countryCode } = useCountry();
  const cartCount = useCartCount();
  return cartCount > 0 ? <CartRevalidation countryCode={countryCode} /> : null;
}

/** The push-like return: a pending last order is re-checked and its outcome shown here, on any page. */
function OrderReturnHere() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return <OrderReturnMount pathname={pathname} />;
}

/**
 * A referral code in any page's address (the landing page's or a link followed in the app) is kept for the visit, so
 * the checkout applies it, and logged as a view; its code loads only then, off every page's first load.
 */
function ReferralViewHere() {
  const href = useRouterState({ select: (s) => s.location.href });
  useEffect(() => {
    if (href.includes('referral_code='))
      void import('@/features/associates/referralView').then((m) => m.default());
  }, [href]);
  return null;
}

/**
 * The page's content inside <main>. The app shell (src/sw answers a page it never saved with it) has none: the first
 * render leaves it empty as the server did, and the page renders once the shell is adopted, so hydration matches.
 */
function PageMain({ children }: { children: ReactNode }) {
  const shell = useRouter().isShell() || isShellDocument();
  const adopted = useServerPageAdopted();
  return (
    <main id="main" className="shell__main" tabIndex={-1} data-served={shell ? 'shell' : undefined}>
      {shell && !adopted ? null : children}
    </main>
  );
}

/** The storefront frame: header, main content, footer and the thumb-reach bottom navigation on phones. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <Link to="/" className="shell__brand" aria-label={`${SITE_NAME} home`}>
          <Logo size={36} alt="" />
          <span>{SITE_NAME}</span>
        </Link>
        <OfflineBanner />
        <nav className="shell__nav" aria-label="Main">
          {primaryNav.map((item) => (
            <Link key={item.to} to={item.to} activeOptions={{ exact: true }} className="shell__nav-link">
              {item.label}
            </Link>
          ))}
        </nav>
        <InstallButton />
        <ShellAccountMenu />
        <CartButton className="shell__cart" />
      </header>
      <PageMain>{children}</PageMain>
      <footer className="shell__footer">
        <nav aria-label="Footer">
          <ul>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          © {new Date().getFullYear()} {SITE_NAME}. Prices in INR for India and USD elsewhere.
        </p>
      </footer>
      <nav className="shell__bottom-nav" aria-label="Quick">
        {primaryNav.map((item) => (
          <Link key={item.to} to={item.to} activeOptions={{ exact: true }} className="shell__bottom-link">
            <item.Icon />
            <span>{item.label}</span>
          </Link>
        ))}
        <ShellAccountMenu variant="nav" className="shell__bottom-link" />
        <CartButton variant="nav" className="shell__bottom-link" />
      </nav>
      <Suspense fallback={null}>
        <CartDialogMount />
        <CartRevalidationMount />
      </Suspense>
      <OrderReturnHere />
      <ReferralViewHere />
      <UpdatePrompt />
    </div>
  );
}

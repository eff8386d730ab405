import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../features/auth/AuthProvider';
import { CartButton } from '../features/cart/CartButton';
import { useCartCount } from '../features/cart/store';
import { useCartOpen } from '../features/cart/view';
import { useCountry } from '../features/country/store';
import { AccountMenu } from '../features/profile/AccountMenu';
import { CONTENT_PATHS, SITE_NAME } from '../lib/site';
import { Logo } from '../ui/Logo';
import './layout.css';
import { InstallButton } from './pwa/InstallButton';
import { OfflineBanner } from './pwa/OfflineBanner';
import { UpdatePrompt } from './pwa/UpdatePrompt';

const primaryNav = [
  { to: '/', label: 'Home', icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z' },
  {
    to: CONTENT_PATHS.help,
    label: 'Help',
    icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 15a1.25 1.25 0 1 1 0 2.5A1.25 1.25 0 0 1 12 17zm1-3.5h-2c0-3 3-3 3-5a2 2 0 0 0-4 0H8a4 4 0 0 1 8 0c0 3-3 3.25-3 5z',
  },
  {
    to: CONTENT_PATHS.aboutUs,
    label: 'About',
    icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z',
  },
] as const;

const footerLinks = [
  { to: CONTENT_PATHS.aboutUs, label: 'About us' },
  { to: CONTENT_PATHS.help, label: 'Help' },
  { to: CONTENT_PATHS.metaverseSuperstar, label: 'Metaverse Superstar' },
  { to: CONTENT_PATHS.terms, label: 'Terms and conditions' },
  { to: CONTENT_PATHS.privacy, label: 'Privacy policy' },
  { to: CONTENT_PATHS.businessLicenceTerms, label: 'Business licence terms' },
] as const;

// Loaded on demand so the first paint does not wait for the modal's animation library or the HTTP client.
const CartDialog = lazy(() => import('../features/cart/CartDialog').then((m) => ({ default: m.CartDialog })));
const CartRevalidation = lazy(() => import('../features/cart/revalidate'));

/** The storefront frame: header, main content, footer and the thumb-reach bottom navigation on phones. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { countryCode } = useCountry();
  const cartOpen = useCartOpen();
  const cartCount = useCartCount();
  const auth = useAuth();
  // Once opened, the dialog stays mounted so it can animate out when closed.
  const [cartWanted, setCartWanted] = useState(false);
  if (cartOpen && !cartWanted) setCartWanted(true);
  // Effects run after the first paint: the cart's price check starts then.
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <OfflineBanner />
      <header className="shell__header">
        <Link to="/" className="shell__brand" aria-label={`${SITE_NAME} home`}>
          <Logo size={36} alt="" />
          <span>{SITE_NAME}</span>
        </Link>
        <nav className="shell__nav" aria-label="Main">
          {primaryNav.map((item) => (
            <Link key={item.to} to={item.to} activeOptions={{ exact: true }} className="shell__nav-link">
              {item.label}
            </Link>
          ))}
        </nav>
        <InstallButton />
        <AccountMenu signedIn={auth.signedIn} userId={auth.userId} onSignOut={() => void auth.logout()} />
        <CartButton className="shell__cart" />
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
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
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d={item.icon} fill="currentColor" />
            </svg>
            <span>{item.label}</span>
          </Link>
        ))}
        <AccountMenu
          variant="nav"
          className="shell__bottom-link"
          signedIn={auth.signedIn}
          userId={auth.userId}
          onSignOut={() => void auth.logout()}
        />
        <CartButton variant="nav" className="shell__bottom-link" />
      </nav>
      <Suspense fallback={null}>
        {cartWanted ? <CartDialog /> : null}
        {/* A cart with lines re-checks prices and stock for the buyer's country whenever the app is online. */}
        {painted && cartCount > 0 ? <CartRevalidation countryCode={countryCode} /> : null}
      </Suspense>
      <UpdatePrompt />
    </div>
  );
}

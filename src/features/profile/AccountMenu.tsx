import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { PersonIcon } from '@/ui/icons';
import './profile.css';

// The panel (dialog, profile query, HTTP client) loads when first opened, never with the shell's first script.
const AccountPanel = lazy(() => import('./AccountPanel'));

export interface AccountMenuProps {
  signedIn: boolean;
  userId: string | null;
  onSignOut: () => void;
  /** header: a 44 px icon button; nav: the bottom navigation's icon-over-label item. */
  variant?: 'header' | 'nav';
  className?: string;
}

/**
 * The account entry of the shell. Signed out, it links to /sign-in with the current page as the redirect, so
 * the buyer comes back where they started; signed in, it opens a panel with the profile card and Sign out.
 */
export function AccountMenu({
  signedIn,
  userId,
  onSignOut,
  variant = 'header',
  className,
}: AccountMenuProps) {
  const here = useRouterState({ select: (s) => s.location.href });
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted so it can animate out when closed.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  const classes = ['account-button', `account-button--${variant}`, className].filter(Boolean).join(' ');
  const label = variant === 'nav' ? <span aria-hidden="true">{signedIn ? 'Account' : 'Sign in'}</span> : null;

  if (!signedIn) {
    return (
      <Link to="/sign-in" search={{ redirect: here }} className={classes} aria-label="Sign in">
        <PersonIcon />
        {label}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={classes} aria-label="Your account" onClick={() => setOpen(true)}>
        <PersonIcon />
        {label}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <AccountPanel open={open} onClose={() => setOpen(false)} userId={userId} onSignOut={onSignOut} />
        </Suspense>
      )}
    </>
  );
}

import { logAssociateView } from '@/api/associates';

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** Logs the referral code of the page's address as a view (once per visit: logAssociateView keeps that). */
export default function logReferralFromAddress(
  location: Pick<Location, 'search' | 'pathname'> = window.location,
) {
  const code = new URLSearchParams(location.search).get('referral_code');
  if (!code || !CODE_PATTERN.test(code)) return Promise.resolve(false);
  // A view that could not be logged is not worth an error for the visitor.
  return logAssociateView(code, location.pathname).catch(() => false);
}

import { logAssociateView } from '@/api/associates';
import { keepReferralCode } from '@/storage/referralCode';

/**
 * A page address with a referral code: the code is kept for the visit (the checkout applies it) and logged as a view
 * (once per visit here, once per visitor a day on the server: logAssociateView keeps that).
 */
export default function logReferralFromAddress(
  location: Pick<Location, 'search' | 'pathname'> = window.location,
) {
  const code = keepReferralCode(location.search);
  if (!code) return Promise.resolve(false);
  // A view that could not be logged is not worth an error for the visitor.
  return logAssociateView(code, location.pathname).catch(() => false);
}

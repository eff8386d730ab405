/** The associate's share link: the shop's home page with their code, which any page keeps for the visit. */
export function referralShareLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?referral_code=${encodeURIComponent(code)}`;
}

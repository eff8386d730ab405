import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShareReferralLink } from './ShareReferralLink';
import { referralShareLink } from './shareLink';

const ORIGIN = 'https://shop.example';

describe('the share link on /my-affiliate', () => {
  it("is the shop's home page with the code, in a field to select", () => {
    expect(referralShareLink(`${ORIGIN}/`, 'ASHARAO-7K2Q')).toBe(`${ORIGIN}/?referral_code=ASHARAO-7K2Q`);
    render(<ShareReferralLink code="ASHARAO-7K2Q" origin={ORIGIN} clipboard={undefined} />);
    expect(screen.getByRole('textbox', { name: 'Your share link' })).toHaveValue(
      `${ORIGIN}/?referral_code=ASHARAO-7K2Q`,
    );
  });

  it('copies the link and says "Copied"; without a clipboard it points at the field', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { unmount } = render(
      <ShareReferralLink code="ASHARAO-7K2Q" origin={ORIGIN} clipboard={{ writeText }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/?referral_code=ASHARAO-7K2Q`);
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
    unmount();

    const refused = vi.fn().mockRejectedValue(new Error('denied'));
    render(<ShareReferralLink code="ASHARAO-7K2Q" origin={ORIGIN} clipboard={{ writeText: refused }} />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/select the link/);
  });

  it('offers Share where the browser has the Web Share API, and not where it has none', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    const { unmount } = render(<ShareReferralLink code="ASHARAO-7K2Q" origin={ORIGIN} share={share} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${ORIGIN}/?referral_code=ASHARAO-7K2Q` }),
    );
    unmount();
    render(<ShareReferralLink code="ASHARAO-7K2Q" origin={ORIGIN} />);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});

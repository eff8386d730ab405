import { useEffect, useState } from 'react';
import { Button } from '@/ui/Button';
import { referralShareLink } from './shareLink';

export interface ShareReferralLinkProps {
  code: string;
  /** The shop's origin; this page's by default. */
  origin?: string;
  /** The clipboard and the Web Share API; the browser's by default. */
  clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  share?: ((data: ShareData) => Promise<void>) | undefined;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The associate's link to copy or share; the link itself sits in a field to select where copying is refused. */
export function ShareReferralLink({ code, origin, clipboard, share }: ShareReferralLinkProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  // The browser's APIs are read once mounted: the server's page has neither.
  const [browser, setBrowser] = useState<{
    origin: string;
    clipboard?: Pick<Clipboard, 'writeText'>;
    share?: (data: ShareData) => Promise<void>;
  } | null>(null);
  useEffect(() => {
    setBrowser({
      origin: window.location.origin,
      clipboard: navigator.clipboard,
      share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
    });
  }, []);
  const link = referralShareLink(origin ?? browser?.origin ?? '', code);
  const writer = clipboard ?? browser?.clipboard;
  const sharer = share ?? browser?.share;
  return (
    <div className="affiliate-share">
      <label className="affiliate-share__label" htmlFor="affiliate-share-link">
        Your share link
      </label>
      <input
        id="affiliate-share-link"
        className="affiliate-share__link"
        type="text"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="affiliate-share__actions">
        <Button
          variant="secondary"
          size="s"
          onClick={() => {
            if (!writer) {
              setCopy('failed');
              return;
            }
            writer.writeText(link).then(
              () => setCopy('copied'),
              () => setCopy('failed'),
            );
          }}
        >
          Copy link
        </Button>
        {sharer && (
          <Button
            variant="secondary"
            size="s"
            onClick={() => {
              // A share the person closes is not an error worth showing.
              sharer({ title: 'My referral link', text: `Use my referral code ${code}`, url: link }).catch(
                () => undefined,
              );
            }}
          >
            Share
          </Button>
        )}
      </div>
      <p className="affiliate-share__status" role="status" aria-live="polite">
        {copy === 'copied'
          ? 'Copied'
          : copy === 'failed'
            ? 'Could not copy: select the link above to copy it'
            : ''}
      </p>
    </div>
  );
}

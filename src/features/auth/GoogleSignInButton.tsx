import type { TokenSetName } from '@contract/user';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/api/errorMessages';
import { socialCredentialsQuery, startSocialLogin } from '@/api/user';
import { pageLoad } from '@/lib/pageLoad';
import { setSocialFlow } from '@/state/session';
import { Button } from '@/ui/Button';
import './auth.css';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.7 0 3.3.6 4.5 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
      />
    </svg>
  );
}

export interface GoogleSignInButtonProps {
  redirect: string;
  tokenSet: TokenSetName;
}

/**
 * "Continue with Google", shown only when the shop has social login configured (GET /credentials/v1/). It asks
 * the server to start the OpenID flow (POST /code/v1/), keeps flow_token in this tab and leaves for Google.
 */
export function GoogleSignInButton({ redirect, tokenSet }: GoogleSignInButtonProps) {
  const credentials = useQuery(socialCredentialsQuery());
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!credentials.data?.enabled) return null;

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const flow = await startSocialLogin(redirect);
      setSocialFlow({ flowToken: flow.flow_token, state: flow.state, redirect, tokenSet });
      pageLoad.assign(flow.authorization_url);
    } catch (e) {
      setError(errorMessage(e));
      setStarting(false);
    }
  };

  return (
    <div>
      <p className="auth-screen__divider">or</p>
      <Button
        variant="secondary"
        size="l"
        fullWidth
        loading={starting}
        startIcon={<GoogleMark />}
        onClick={start}
      >
        Continue with Google
      </Button>
      {error && (
        <p className="auth-screen__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import { USER_RES_STATUS } from '@contract/user';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/api/errorMessages';
import { exchangeSocialCode, socialLogin } from '@/api/user';
import { clearSocialFlow, getSocialFlow, setSocialTicket } from '@/state/session';
import { ErrorView } from '@/ui/ErrorView';
import { Spinner } from '@/ui/Spinner';
import { useAuth } from './AuthProvider';
import { FORMS_SIGN_IN_PATH, SIGN_IN_PATH } from './guards';
import './auth.css';

export interface SocialCallbackScreenProps {
  code?: string | undefined;
  state?: string | undefined;
  /** The provider's error (e.g. access_denied when the buyer cancelled). */
  error?: string | undefined;
}

const START_AGAIN = 'This Google sign-in could not be finished. Please start again.';

/**
 * /sign-in/google/callback?code&state: POST /token/v1/ then POST /login/v1/. LOGGED_IN signs in and returns to
 * where the buyer started; PHONE_NUMBER_REQUIRED sends them to the phone sign-in with the ticket kept.
 */
export function SocialCallbackScreen({ code, state, error }: SocialCallbackScreenProps) {
  const navigate = useNavigate();
  const auth = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const latest = useRef({ auth, navigate });
  latest.current = { auth, navigate };

  useEffect(() => {
    // The code is single use: run once, even when React mounts effects twice in development.
    if (started.current) return;
    started.current = true;
    const flow = getSocialFlow();
    if (error) {
      clearSocialFlow();
      setFailure(error === 'access_denied' ? 'Google sign-in was cancelled.' : START_AGAIN);
      return;
    }
    if (!flow || !code || !state || state !== flow.state) {
      clearSocialFlow();
      setFailure(START_AGAIN);
      return;
    }
    (async () => {
      try {
        const { social_ticket } = await exchangeSocialCode({ code, state, flow_token: flow.flowToken });
        const answer = await socialLogin(social_ticket, flow.tokenSet);
        clearSocialFlow();
        const { auth: a, navigate: go } = latest.current;
        if (answer.status === USER_RES_STATUS.LOGGED_IN) {
          await a.completeSignIn({
            tokens: answer,
            tokenSet: flow.tokenSet,
            redirectPath: flow.redirect,
            method: 'google',
            isNewUser: false,
          });
          await go({ href: flow.redirect, replace: true });
          return;
        }
        setSocialTicket({
          ticket: answer.social_ticket,
          redirect: flow.redirect,
          tokenSet: flow.tokenSet,
          name: answer.name,
          email: answer.email,
        });
        await go({
          to: flow.tokenSet === 'forms' ? FORMS_SIGN_IN_PATH : SIGN_IN_PATH,
          search: { redirect: flow.redirect },
          replace: true,
        });
      } catch (e) {
        clearSocialFlow();
        setFailure(errorMessage(e));
      }
    })();
  }, [code, state, error]);

  if (failure) {
    return (
      <div className="auth-screen">
        <ErrorView title="Google sign-in failed" message={failure} headingLevel={1} />
        <p>
          <Link to={SIGN_IN_PATH} className="auth-screen__link">
            Back to sign-in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-screen" role="status" aria-live="polite">
      <Spinner size="l" />
      <p>Signing you in with Google…</p>
    </div>
  );
}

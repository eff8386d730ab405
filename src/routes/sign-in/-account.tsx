import { Link } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { ProfileCardContainer } from '@/features/profile/ProfileCard';
import { Button } from '@/ui/Button';
import '@/features/auth/auth.css';

/** /sign-in for a buyer who is already signed in: their profile card and Sign out. */
export function AccountView() {
  const auth = useAuth();
  return (
    <section className="auth-screen" aria-labelledby="account-heading">
      <h1 id="account-heading" className="auth-screen__title">
        Your account
      </h1>
      <p className="auth-screen__lead">You are signed in.</p>
      <div className="auth-screen__form">
        <ProfileCardContainer userId={auth.userId} />
        <Button variant="secondary" size="l" fullWidth onClick={() => void auth.logout()}>
          Sign out
        </Button>
        <Link to="/" className="auth-screen__link">
          Continue shopping
        </Link>
      </div>
    </section>
  );
}

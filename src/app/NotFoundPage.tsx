import { Link } from '@tanstack/react-router';
import { FullScreenPage } from '../ui/FullScreenPage';

/** Any path the router does not know (spec §2). */
export function NotFoundPage() {
  return (
    <FullScreenPage
      heading="Page not found"
      subtext="The page you were looking for has moved or never existed. The rest of the shop is right where you left it."
      action={
        <Link to="/" className="cta-link">
          Back to the shop
        </Link>
      }
    />
  );
}

import { Link } from '@tanstack/react-router';
import { FullScreenPage } from '../ui/FullScreenPage';
import '../ui/Button.css';

/** Any path the router does not know (spec §2). */
export function NotFoundPage() {
  return (
    <>
      {/* React hoists this into <head>: a soft 404 of a single-page app should not be indexed. */}
      <meta name="robots" content="noindex" />
      <FullScreenPage
        as="div"
        heading="Page not found"
        subtext="The page you were looking for has moved or never existed. The rest of the shop is right where you left it."
        action={
          <Link to="/" className="ui-button" data-variant="primary" data-size="m">
            Back to the shop
          </Link>
        }
      />
    </>
  );
}

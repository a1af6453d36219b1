import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.js';

export function NotFoundScreen() {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="font-serif text-5xl text-primary">404</p>
      <h1 className="font-serif text-2xl font-semibold">Page Not Found</h1>
      <p className="text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonVariants()}>
        Go Home
      </Link>
    </div>
  );
}

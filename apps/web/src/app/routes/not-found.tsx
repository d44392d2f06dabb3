import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';

export function Component() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <h1 className="font-semibold text-7xl text-muted-foreground/40 tracking-tighter tabular-nums">404</h1>
      <p className="mt-3 font-medium text-lg">Oops! Page not found</p>
      <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-8' })}>
        Return to Home
      </Link>
    </main>
  );
}

import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { VerifyEmail } from '../../features/auth/components/verify-email.tsx';

export function Component() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-muted/40 px-4 py-12">
      <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <Logo className="text-lg" />
      </Link>
      <VerifyEmail />
    </main>
  );
}

import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';

// The product statuses in board order, with their colours (spec §4).
const stages = [
  { name: 'Planning', dot: 'bg-blue-500' },
  { name: 'Development', dot: 'bg-amber-500' },
  { name: 'Testing', dot: 'bg-purple-500' },
  { name: 'Production', dot: 'bg-green-500' },
  { name: 'Maintenance', dot: 'bg-zinc-400' },
] as const;

export function Component() {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 pointer-events-none absolute inset-x-0 top-0 h-[32rem] bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,color-mix(in_oklab,var(--primary)_16%,transparent),transparent)]"
      />
      <header className="mx-auto flex w-full max-w-5xl items-center px-6 py-5">
        <Logo className="text-base" />
      </header>

      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center justify-center px-6 pt-8 pb-24 text-center">
        <h1 className="font-semibold text-5xl tracking-tighter sm:text-6xl">Shipyard</h1>
        <p className="mt-4 max-w-2xl text-balance text-lg text-muted-foreground sm:text-xl">
          The team workspace that moves your products from planning to production.
        </p>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to="/auth" className={buttonVariants({ size: 'lg' })}>
            Sign Up
            <ArrowRightIcon />
          </Link>
          <Link to="/auth" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Log In
          </Link>
        </div>

        <ol
          aria-label="Product stages"
          className="mt-16 flex flex-wrap items-center justify-center gap-x-2 gap-y-3 text-muted-foreground text-sm"
        >
          {stages.map((stage, index) => (
            <li key={stage.name} className="flex items-center gap-2">
              <span className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 shadow-xs">
                <span className={`size-2 rounded-full ${stage.dot}`} />
                {stage.name}
              </span>
              {index < stages.length - 1 && (
                <span aria-hidden="true" className="hidden h-px w-4 bg-border sm:block" />
              )}
            </li>
          ))}
        </ol>
      </main>
    </div>
  );
}

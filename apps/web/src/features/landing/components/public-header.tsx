import { MenuIcon, XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { container } from './section-heading.tsx';

/** The landing page's sections, in page order; the header and the footer both link to them. */
export const sectionLinks = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#contact', label: 'Contact' },
] as const;

const focusRing = 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

export function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md">
      <div className={cn(container, 'flex h-14 items-center gap-8')}>
        <Link to="/" className={cn('-mx-1 rounded-md px-1 py-1', focusRing)}>
          <Logo className="text-[15px]" />
        </Link>

        <nav aria-label="Main" className="max-md:hidden">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className={cn(
                    'rounded-md px-3 py-2 text-muted-foreground text-sm transition-colors hover:text-foreground',
                    focusRing,
                  )}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <Link
            to="/auth"
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-sm:hidden' })}
          >
            Log In
          </Link>
          <Link to="/auth" className={buttonVariants({ size: 'sm' })}>
            Sign Up
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** Below `md` the section links (and, on phones, Log In) move into a popover menu. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label="Menu"
        className={buttonVariants({ variant: 'ghost', size: 'icon', className: '-mr-2 md:hidden' })}
      >
        {open ? <XIcon /> : <MenuIcon />}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={12}
          collisionPadding={12}
          className="z-50 w-[min(18rem,calc(100vw-1.5rem))] rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-lg outline-none"
        >
          <nav aria-label="Sections">
            <ul className="grid">
              {sectionLinks.map((link) => (
                <li key={link.href}>
                  <Popover.Close asChild>
                    <a
                      href={link.href}
                      className={cn(
                        'flex h-9 items-center rounded-md px-2.5 text-sm hover:bg-accent',
                        focusRing,
                      )}
                    >
                      {link.label}
                    </a>
                  </Popover.Close>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-1.5 grid grid-cols-2 gap-2 border-t p-1 pt-2.5">
            <Link to="/auth" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Log In
            </Link>
            <Link to="/auth" className={buttonVariants({ size: 'sm' })}>
              Sign Up
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

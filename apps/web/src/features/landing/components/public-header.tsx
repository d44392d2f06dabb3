import { MenuIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { container } from './section-heading.tsx';

/** The landing page's sections, in page order; the header and the footer both link to them. */
const sectionLinks = [
  { href: '#features', label: k('Features') },
  { href: '#how-it-works', label: k('How it works') },
  { href: '#pricing', label: k('Pricing') },
  { href: '#contact', label: k('Contact') },
] as const;

const focusRing = 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

export function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md">
      <div className={cn(container, 'flex h-14 items-center gap-8')}>
        <Link to="/" className={cn('-mx-1 rounded-md px-1 py-1', focusRing)}>
          <Logo className="text-[15px]" />
        </Link>

        <nav aria-label={t('Main')} className="max-md:hidden">
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
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-2">
          <Link
            to={paths.auth()}
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-sm:hidden' })}
          >
            {t('Log In')}
          </Link>
          <Link to={paths.auth()} className={buttonVariants({ size: 'sm' })}>
            {t('Sign Up')}
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * Below `md` the section links (and, on phones, Log In) move into a disclosure menu: a button
 * and the panel right after it, so Tab walks into it. Escape, a click outside or following a
 * link closes it. Hand-written rather than a Radix Popover, whose positioning engine would
 * nearly double the landing page's JavaScript for one small menu.
 */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div ref={root} className="md:hidden">
      <button
        ref={button}
        type="button"
        aria-label={t('Menu')}
        aria-expanded={open}
        aria-controls="landing-menu"
        onClick={() => setOpen((o) => !o)}
        className={buttonVariants({ variant: 'ghost', size: 'icon', className: '-me-2' })}
      >
        {open ? <XIcon /> : <MenuIcon />}
      </button>
      <div
        id="landing-menu"
        hidden={!open}
        className="absolute top-[calc(100%+0.5rem)] end-3 z-50 w-[min(18rem,calc(100vw-1.5rem))] rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-lg"
      >
        <nav aria-label={t('Sections')}>
          <ul className="grid">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={close}
                  className={cn('flex h-9 items-center rounded-md px-2.5 text-sm hover:bg-accent', focusRing)}
                >
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-1.5 grid grid-cols-2 gap-2 border-t p-1 pt-2.5">
          <Link
            to={paths.auth()}
            onClick={close}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            {t('Log In')}
          </Link>
          <Link to={paths.auth()} onClick={close} className={buttonVariants({ size: 'sm' })}>
            {t('Sign Up')}
          </Link>
        </div>
      </div>
    </div>
  );
}

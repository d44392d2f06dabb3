import { MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { salesEmail } from './closing-cta.tsx';
import { container } from './section-heading.tsx';

const contactEmail = 'hello@shipyard.example';

const linkClass =
  'rounded-sm text-muted-foreground transition-colors hover:text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

type FooterLink = { label: string; href: string; internal?: boolean };

const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: k('Product'),
    links: [
      { label: k('Features'), href: '#features' },
      { label: k('How it works'), href: '#how-it-works' },
      { label: k('Dashboard'), href: '#showcase' },
      { label: k('Pricing'), href: '#pricing' },
    ],
  },
  {
    title: k('Company'),
    links: [
      { label: k('Contact'), href: '#contact' },
      { label: k('Sales'), href: `mailto:${salesEmail}` },
      { label: k('Support'), href: 'mailto:support@shipyard.example' },
    ],
  },
  {
    title: k('Account'),
    links: [
      { label: k('Log in'), href: paths.auth(), internal: true },
      { label: k('Create account'), href: paths.auth(), internal: true },
    ],
  },
];

export function PublicFooter() {
  return (
    <footer className="border-t bg-muted/30">
      <div
        className={cn(container, 'grid gap-12 py-14 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,2.2fr)]')}
      >
        <div className="max-w-sm">
          <Link
            to="/"
            className="-mx-1 inline-flex rounded-md px-1 py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Logo className="text-[15px]" />
          </Link>
          <p className="mt-4 text-muted-foreground text-sm leading-6">
            {t(
              'Bringing teams closer with collaboration tools that keep every product moving, from the first plan to production.',
            )}
          </p>
        </div>

        <div className="grid grid-cols-2 gap-10 sm:grid-cols-[1fr_1fr_1fr_1.5fr]">
          {columns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h2 id={`footer-${column.title.toLowerCase()}`} className="font-medium text-sm">
                {t(column.title)}
              </h2>
              <ul className="mt-4 grid gap-3 text-sm">
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.internal ? (
                      <Link to={link.href} className={linkClass}>
                        {t(link.label)}
                      </Link>
                    ) : (
                      <a href={link.href} className={linkClass}>
                        {t(link.label)}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}

          <section
            id="contact"
            aria-labelledby="contact-title"
            className="col-span-2 scroll-mt-20 sm:col-span-1"
          >
            <h2 id="contact-title" className="font-medium text-sm">
              {t('Contact')}
            </h2>
            <p className="mt-4 text-muted-foreground text-sm leading-6">
              {t('Questions about plans, security or onboarding? A person replies within one business day.')}
            </p>
            <a
              href={`mailto:${contactEmail}`}
              className="mt-3 inline-flex items-center gap-2 rounded-sm font-medium text-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <MailIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              {contactEmail}
            </a>
          </section>
        </div>
      </div>

      <div className="border-t">
        <div
          className={cn(
            container,
            'flex flex-col gap-2 py-6 text-muted-foreground text-xs sm:flex-row sm:items-center sm:justify-between',
          )}
        >
          <p>{t('© {{year}} Shipyard, Inc. All rights reserved.', { year: new Date().getFullYear() })}</p>
          <p>{t('Made for teams that ship.')}</p>
        </div>
      </div>
    </footer>
  );
}

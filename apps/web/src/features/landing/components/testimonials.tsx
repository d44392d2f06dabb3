import { StarIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { container, SectionHeading } from './section-heading.tsx';

type Testimonial = { quote: string; name: string; role: string; initials: string; avatar: string };

const testimonials: Testimonial[] = [
  {
    quote: k(
      'We retired three spreadsheets and a weekly status meeting. Everyone can see where each product stands, so the meeting became a glance at the board.',
    ),
    name: 'Maya Chen',
    role: k('Head of Product, Northwind Labs'),
    initials: 'MC',
    avatar: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-500/25 dark:text-indigo-100',
  },
  {
    quote: k(
      'Setup took minutes, not weeks. We invited four teams on day one and had every release on the board by lunch.',
    ),
    name: 'Daniel Okafor',
    role: k('Engineering Manager, Brightline'),
    initials: 'DO',
    avatar: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-100',
  },
  {
    quote: k(
      'The first notifications our QA team actually reads. When a product reaches Testing, the right people know — and only them.',
    ),
    name: 'Sofia Martins',
    role: k('QA Lead, Helio Health'),
    initials: 'SM',
    avatar: 'bg-sky-100 text-sky-800 dark:bg-sky-500/20 dark:text-sky-100',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="border-y bg-muted/30 py-20 sm:py-28">
      <div className={container}>
        <SectionHeading
          id="testimonials-title"
          eyebrow={t('Testimonials')}
          title={t('Loved by teams that ship')}
          description={
            <span className="inline-flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
              <span aria-hidden="true" className="flex">
                {[1, 2, 3, 4, 5].map((star) => (
                  <StarIcon key={star} className="size-4 fill-amber-400 text-amber-400" />
                ))}
              </span>
              {t('Rated 4.9/5 by product teams at 10,000+ companies.')}
            </span>
          }
        />
        <ul className="mt-14 grid gap-4 md:grid-cols-3 md:gap-6">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-xl border bg-background p-6 shadow-xs">
                <blockquote className="flex-1 text-pretty text-[15px] leading-7">
                  <p>{t('“{{quote}}”', { quote: t(testimonial.quote) })}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t pt-5">
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex size-9 items-center justify-center rounded-full font-semibold text-xs',
                      testimonial.avatar,
                    )}
                  >
                    {testimonial.initials}
                  </span>
                  <span className="grid text-sm">
                    <span className="font-medium">{testimonial.name}</span>
                    <span className="text-muted-foreground">{t(testimonial.role)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import {
  BellIcon,
  CalendarIcon,
  Columns3Icon,
  ListFilterIcon,
  ListIcon,
  MousePointer2Icon,
  PlusIcon,
  SearchIcon,
} from 'lucide-react';
import { LogoMark } from '../../../components/logo.tsx';
import { cn } from '../../../lib/cn.ts';
import { formattingLocale, t } from '../../../lib/i18n/index.ts';
import { container, SectionHeading } from './section-heading.tsx';
import {
  type Column,
  columns,
  type Person,
  people,
  priorities,
  priorityNames,
  type SampleProduct,
  sidebarItems,
  summary,
} from './showcase-data.ts';

// A static picture of the product's board, drawn in markup so it stays crisp, themed and light.
// A public page loads no English plural forms (lib/i18n/english-plurals.ts): a count of one has
// its own text here, and the plural keys are used for the other counts only.

/** A sample due day 'MM-DD' as 'Apr 28' in the reader's language; 'Ongoing' translated. */
function dueText(due: string): string {
  const [month, day] = due.split('-').map(Number);
  if (!month || !day) return t(due);
  return new Intl.DateTimeFormat(formattingLocale(), { month: 'short', day: 'numeric' }).format(
    new Date(2026, month - 1, day),
  );
}

export function DashboardShowcase() {
  return (
    <section id="showcase" aria-labelledby="showcase-title" className="scroll-mt-14 py-20 sm:py-28">
      <div className={container}>
        <SectionHeading
          id="showcase-title"
          eyebrow={t('Dashboard')}
          title={t('Every product, every stage, one board')}
          description={t(
            'Planning, Development, Testing, Production and Maintenance side by side. Drag a product to its next stage and the whole team sees it move.',
          )}
        />
      </div>

      <figure className="mx-auto mt-14 w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-[0_24px_64px_-24px_rgb(24_24_27/0.25)] dark:shadow-[0_24px_64px_-24px_rgb(0_0_0/0.8)]">
          <TopBar />
          <div className="flex">
            <Sidebar />
            <div className="min-w-0 flex-1">
              <Toolbar />
              <dl className="grid grid-cols-2 border-b sm:grid-cols-4">
                {summary.map((item, index) => (
                  <div
                    key={item.label}
                    className={cn(
                      'flex flex-col gap-0.5 px-4 py-3',
                      index % 2 === 1 && 'border-s',
                      index > 1 && 'max-sm:border-t',
                      index === 2 && 'sm:border-s',
                    )}
                  >
                    <dt className="text-muted-foreground text-xs">{t(item.label)}</dt>
                    <dd className="flex items-baseline gap-2">
                      <span className="font-semibold text-lg tabular-nums tracking-tight">{item.value}</span>
                      <span className="text-[11px] text-muted-foreground">{t(item.note)}</span>
                    </dd>
                  </div>
                ))}
              </dl>
              <section
                aria-label={t('Sample product board')}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: on phones the board scrolls sideways; a scrollable region must take focus to scroll by keyboard.
                tabIndex={0}
                className="relative snap-x snap-mandatory overflow-x-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset lg:overflow-visible"
              >
                <div className="flex w-max gap-2.5 p-3 sm:p-4 lg:grid lg:w-auto lg:grid-cols-5">
                  {columns.map((column) => (
                    <BoardColumn key={column.name} column={column} />
                  ))}
                </div>
              </section>
            </div>
          </div>
        </div>
        <figcaption className="mt-4 text-center text-muted-foreground text-sm">
          {t('A sample workspace. Your board, your products, updated live for everyone on the team.')}
        </figcaption>
      </figure>
    </section>
  );
}

function TopBar() {
  return (
    <div aria-hidden="true" className="flex h-12 items-center gap-3 border-b px-4">
      <div className="flex min-w-0 items-center gap-2 text-[13px]">
        <LogoMark className="size-5" />
        <span className="truncate font-medium">Acme Inc</span>
        <span className="text-muted-foreground">/</span>
        <span className="truncate text-muted-foreground">{t('Products')}</span>
      </div>
      <div className="ms-auto flex items-center gap-3">
        <div className="flex h-8 w-60 items-center gap-2 rounded-md border bg-background px-2.5 text-muted-foreground text-xs max-md:hidden">
          <SearchIcon className="size-3.5" />
          {t('Search products...')}
          <kbd className="ms-auto rounded border bg-muted/40 px-1.5 font-sans text-[10px]">⌘K</kbd>
        </div>
        <span className="relative text-muted-foreground">
          <BellIcon className="size-4" />
          <span className="-top-0.5 -end-0.5 absolute size-2 rounded-full bg-primary ring-2 ring-card" />
        </span>
        <Avatars team={['MC']} size="md" />
      </div>
    </div>
  );
}

function Sidebar() {
  return (
    <div aria-hidden="true" className="w-48 shrink-0 border-e bg-muted/20 p-2 max-xl:hidden">
      <ul className="grid gap-0.5 text-[13px]">
        {sidebarItems.map((item) => (
          <li
            key={item.label}
            className={cn(
              'flex h-8 items-center gap-2.5 rounded-md px-2',
              item.active ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground',
            )}
          >
            <item.icon className="size-4" />
            {t(item.label)}
            {item.badge && (
              <span className="ms-auto rounded-full bg-primary px-1.5 font-medium text-[10px] text-primary-foreground leading-4">
                {item.badge}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-6 px-2 font-medium text-[11px] text-muted-foreground">{t('Recent products')}</p>
      <ul className="mt-1.5 grid gap-0.5 text-[13px]">
        {[
          { name: 'Atlas Mobile App', dot: 'bg-amber-500' },
          { name: 'Checkout Flow', dot: 'bg-purple-500' },
          { name: 'Payments API v2', dot: 'bg-blue-500' },
        ].map((product) => (
          <li key={product.name} className="flex h-8 items-center gap-2.5 px-2 text-muted-foreground">
            <span className={cn('size-2 rounded-full', product.dot)} />
            <span className="truncate">{product.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Toolbar() {
  return (
    <div className="flex items-center gap-3 border-b px-4 py-3">
      <p className="font-semibold text-sm">
        {t('Products')} <span className="ms-1 font-normal text-muted-foreground">24</span>
      </p>
      <div aria-hidden="true" className="ms-auto flex items-center gap-2">
        <span className="flex items-center rounded-md border p-0.5 max-sm:hidden">
          <span className="flex h-6 items-center gap-1.5 rounded-[5px] bg-accent px-2 font-medium text-xs">
            <Columns3Icon className="size-3.5" />
            {t('Board')}
          </span>
          <span className="flex h-6 items-center gap-1.5 px-2 text-muted-foreground text-xs">
            <ListIcon className="size-3.5" />
            {t('List')}
          </span>
        </span>
        <span className="flex h-7 items-center gap-1.5 rounded-md border px-2.5 text-xs">
          <ListFilterIcon className="size-3.5" />
          {t('Filter')}
        </span>
        <span className="flex h-7 items-center gap-1.5 rounded-md bg-primary px-2.5 font-medium text-primary-foreground text-xs">
          <PlusIcon className="size-3.5" />
          {t('New Product')}
        </span>
      </div>
    </div>
  );
}

function BoardColumn({ column }: { column: Column }) {
  return (
    <div className="flex w-64 shrink-0 snap-start scroll-ms-3 flex-col rounded-lg bg-muted/40 p-1.5 lg:w-auto lg:min-w-0 dark:bg-muted/30">
      <p className="flex items-center gap-2 px-1.5 pt-1 pb-2 font-medium text-[13px]">
        <span aria-hidden="true" className={cn('size-2 rounded-full', column.dot)} />
        {t(column.name)}
        <span className="text-muted-foreground tabular-nums">
          <span aria-hidden="true">{column.count}</span>
          <span className="sr-only">
            , {column.count === 1 ? t('1 product') : t('{{count}} products', { count: column.count })}
          </span>
        </span>
        <PlusIcon aria-hidden="true" className="ms-auto size-3.5 text-muted-foreground" />
      </p>
      <ul className="grid grid-cols-1 gap-1.5">
        {column.products.map((product) => (
          <ProductCard key={product.name} product={product} bar={column.dot} />
        ))}
      </ul>
    </div>
  );
}

function ProductCard({ product, bar }: { product: SampleProduct; bar: string }) {
  return (
    <li
      className={cn(
        'relative rounded-md border bg-card p-3 shadow-xs',
        product.moving && 'z-10 rotate-[1.5deg] border-primary/40 shadow-lg ring-2 ring-primary/30',
      )}
    >
      <p className="truncate font-medium text-[13px] leading-5">{product.name}</p>
      <p className="mt-0.5 truncate text-muted-foreground text-xs leading-[18px]">{product.description}</p>
      <div className="mt-3 flex items-center gap-2">
        <span aria-hidden="true" className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted">
          <span className={cn('block h-full rounded-full', bar)} style={{ width: `${product.progress}%` }} />
        </span>
        <span className="w-8 text-end text-[11px] text-muted-foreground tabular-nums">
          <span className="sr-only">{t('Progress')} </span>
          {product.progress}%
        </span>
      </div>
      <div className="mt-3 flex items-center gap-2">
        <Avatars team={product.team} />
        {product.priority && (
          <span
            className={cn(
              'ms-auto shrink-0 rounded px-1.5 font-medium text-[10px] leading-[18px]',
              priorities[product.priority],
            )}
          >
            {t(priorityNames[product.priority])}
          </span>
        )}
        <span
          className={cn(
            'flex shrink-0 items-center gap-1 text-[11px] text-muted-foreground',
            !product.priority && 'ms-auto',
          )}
        >
          <CalendarIcon aria-hidden="true" className="size-3" />
          {dueText(product.due)}
        </span>
      </div>
      {product.moving && (
        <span
          aria-hidden="true"
          className="-bottom-3 absolute end-6 flex items-center gap-0.5 text-primary dark:text-indigo-400"
        >
          <MousePointer2Icon className="size-4 fill-current" />
          <span className="mt-4 rounded-full bg-primary px-1.5 font-medium text-[10px] text-primary-foreground leading-4">
            Priya
          </span>
        </span>
      )}
    </li>
  );
}

function Avatars({ team, size = 'sm' }: { team: Person[]; size?: 'sm' | 'md' }) {
  return (
    <span className="-space-x-0.5 flex rtl:space-x-reverse">
      <span className="sr-only">
        {team.length === 1 ? t('1 member') : t('{{count}} members', { count: team.length })}
      </span>
      {team.map((person) => (
        <span
          key={person}
          aria-hidden="true"
          className={cn(
            'flex items-center justify-center rounded-full font-semibold ring-2 ring-card',
            size === 'sm' ? 'size-5 text-[8px]' : 'size-7 text-[10px]',
            people[person],
          )}
        >
          {person}
        </span>
      ))}
    </span>
  );
}

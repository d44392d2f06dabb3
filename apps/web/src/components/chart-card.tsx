import { BarChart3 } from 'lucide-react';
import { type CSSProperties, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';

// The card around one chart of Reports and Analytics. The drawing (recharts, in the feature) is
// hidden from assistive technology: the text alternative is the optional summary under the title
// and the table of the same figures (visually hidden unless the card shows it).

/** recharts props that make an axis and a tooltip look like the rest of the app, in both themes. */
export const chartAxis = {
  stroke: 'var(--border)',
  tick: { fill: 'var(--muted-foreground)', fontSize: 12 },
  tickLine: false,
} as const;

export const chartTooltip = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius)',
    color: 'var(--popover-foreground)',
    fontSize: 12,
  },
  itemStyle: { color: 'var(--popover-foreground)' },
  labelStyle: { color: 'var(--muted-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.5 },
} as const;

type Figure = string | number | null | undefined;
type ChartCardSeries = { key: string; label: string };

/** Whether any point has a figure other than 0: else the card says there is nothing to chart. */
function hasFigures<P extends Record<string, Figure>>(
  data: readonly P[],
  series: readonly ChartCardSeries[],
): boolean {
  return data.some((point) =>
    series.some((s) => {
      const v = point[s.key];
      return typeof v === 'number' && v !== 0;
    }),
  );
}

type ChartCardProps<P extends Record<string, Figure>> = {
  title: string;
  /** One line that says what the chart shows, for everyone: the text alternative's first half. */
  summary?: string;
  /** The figures, one row a point and one column a series: what the drawing draws. */
  data: readonly P[];
  series: readonly ChartCardSeries[];
  categoryLabel: string;
  /** A row's heading (its category as the table reads it) and its cells. */
  category: (point: P) => string;
  value: (point: P, key: string) => string;
  rowKey: (point: P, index: number) => string | number;
  /** The recharts drawing, shown when there are figures. */
  drawing: ReactNode;
  /** The drawing's box: its height (a ranking grows with its rows). */
  plotClassName?: string;
  plotStyle?: CSSProperties;
  /** Show the figures' table under the chart rather than to screen readers only. */
  showTable?: boolean;
  footer?: ReactNode;
  className?: string;
};

/** A chart card: its title, a summary, the drawing, and the figures as a table. */
export function ChartCard<P extends Record<string, Figure>>({
  title,
  summary,
  data,
  series,
  categoryLabel,
  category,
  value,
  rowKey,
  drawing,
  plotClassName,
  plotStyle,
  showTable = false,
  footer,
  className,
}: ChartCardProps<P>) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Card className={cn('gap-4 py-4 sm:py-5', className)}>
      <CardHeader className="px-4 sm:px-5">
        <CardTitle as="h3" id={titleId} className="text-sm">
          {title}
        </CardTitle>
        {summary === undefined ? null : (
          <CardDescription id={summaryId} className="text-xs">
            {summary}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-2 sm:px-3">
        <figure
          aria-labelledby={titleId}
          aria-describedby={summary === undefined ? undefined : summaryId}
          className="m-0 flex flex-col gap-3"
        >
          {hasFigures(data, series) ? (
            <div aria-hidden="true" className={cn('w-full min-w-0', plotClassName)} style={plotStyle}>
              {drawing}
            </div>
          ) : (
            <div className="flex h-40 flex-col items-center justify-center gap-2 text-center">
              <BarChart3 className="size-6 text-muted-foreground" aria-hidden="true" />
              <p className="text-muted-foreground text-sm">{t('Nothing to chart for this period')}</p>
            </div>
          )}
          {/* A table ignores the 1 px height of sr-only: a wrapper clips it, or it stretches the page. */}
          <div className={showTable ? undefined : 'sr-only'}>
            <table className={showTable ? 'mx-2 w-[calc(100%-1rem)] text-sm' : undefined}>
              <caption className="sr-only">{title}</caption>
              <thead className={showTable ? 'border-b text-muted-foreground text-xs' : undefined}>
                <tr>
                  <th scope="col" className="py-1.5 text-start font-medium">
                    {categoryLabel}
                  </th>
                  {series.map((s) => (
                    <th key={s.key} scope="col" className="py-1.5 text-end font-medium">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={showTable ? 'divide-y' : undefined}>
                {data.map((point, index) => (
                  <tr key={rowKey(point, index)}>
                    <th scope="row" className="py-1.5 text-start font-normal">
                      {category(point)}
                    </th>
                    {series.map((s) => (
                      <td key={s.key} className="py-1.5 text-end tabular-nums">
                        {value(point, s.key)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
        {footer}
      </CardContent>
    </Card>
  );
}

import type { Report } from '@shipyard/shared';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { formatReportValue } from './report-format.ts';
import { reportWord } from './report-texts.ts';

/** The Summary tab: one card per figure. */
export function ReportSummary({ report }: { report: Report }) {
  return (
    <ul aria-label={t('Summary figures')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {report.summary.map((item) => (
        <li key={item.key} className={cn(item.kind === 'text' && 'col-span-2')}>
          <Card className="h-full gap-2 py-4">
            <CardHeader className="px-4">
              <CardTitle as="h3" className="font-medium text-muted-foreground text-sm">
                {reportWord(item.label)}
              </CardTitle>
            </CardHeader>
            <CardContent className="px-4">
              <p
                className={cn(
                  'font-semibold tabular-nums tracking-tight',
                  item.kind === 'text' ? 'truncate text-lg' : 'text-2xl',
                )}
                title={item.kind === 'text' && typeof item.value === 'string' ? item.value : undefined}
              >
                {formatReportValue(item.value, item.kind, true)}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

import { DownloadIcon } from 'lucide-react';
import { useCsvExport } from '../hooks/use-csv-export.ts';
import { getErrorMessage } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
import { toast } from '../lib/toast.ts';
import { Button, type ButtonSize } from './ui/button.tsx';

// Functions: the texts are read when shown, in the reader's language.
const exportCsvTexts = {
  label: () => t('Export CSV'),
  exporting: (rows: number, total: number | undefined) =>
    total === undefined
      ? t('Exporting… {{rows}} rows', { count: rows, rows: rows.toLocaleString() })
      : t('Exporting… {{rows}} of {{total}} rows', {
          count: total,
          rows: rows.toLocaleString(),
          total: total.toLocaleString(),
        }),
  done: () => t('Export ready'),
  doneDetail: (fileName: string, rows: number) =>
    `${fileName} · ${t('{{rows}} rows', { count: rows, rows: rows.toLocaleString() })}`,
  failed: () => t('The export failed'),
};

export type ExportCsvButtonProps = {
  /** The export's API path with the list's current filters, e.g. `/projects/export.csv?status=testing`. */
  path: string;
  /** The file name when the server sends none. */
  fileName: string;
  size?: ButtonSize;
  /** On a phone the button shows its icon (or spinner) and progress bar only; the words stay for screen readers. */
  compact?: boolean;
  className?: string;
};

/**
 * "Export CSV" for a list toolbar: downloads what the list shows with its current filters, all
 * pages, and says how far it got while the rows stream in ("Exporting… 1,500 of 4,200 rows").
 */
export function ExportCsvButton({ path, fileName, size, compact = false, className }: ExportCsvButtonProps) {
  const { start, progress, exporting } = useCsvExport();
  const percent =
    progress?.total !== undefined && progress.total > 0
      ? Math.min(100, Math.round((100 * progress.rows) / progress.total))
      : undefined;

  const run = () => {
    start(path, fileName).then(
      ({ fileName: saved, rows }) =>
        toast.success(exportCsvTexts.done(), { description: exportCsvTexts.doneDetail(saved, rows) }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        toast.error(exportCsvTexts.failed(), { description: getErrorMessage(error) });
      },
    );
  };

  return (
    <Button
      variant="outline"
      size={size}
      onClick={run}
      pending={exporting}
      // While it runs the button is disabled but its progress stays at full strength: it is what the user watches.
      className={cn('relative overflow-hidden', exporting && 'disabled:opacity-100', className)}
    >
      {exporting ? null : <DownloadIcon aria-hidden="true" />}
      <span aria-live="polite" className={compact ? 'sr-only sm:not-sr-only' : undefined}>
        {progress ? exportCsvTexts.exporting(progress.rows, progress.total) : exportCsvTexts.label()}
      </span>
      {progress ? (
        <span
          role="progressbar"
          aria-label={t('Export progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="absolute inset-x-0 bottom-0 h-1.5 bg-primary/10"
        >
          <span
            className={cn(
              'block h-full bg-primary transition-[width]',
              percent === undefined && 'w-1/2 animate-pulse',
            )}
            style={percent === undefined ? undefined : { width: `${percent}%` }}
          />
        </span>
      ) : null}
    </Button>
  );
}

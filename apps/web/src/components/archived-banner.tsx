import { productMessages } from '@shipyard/shared';
import { ArchiveIcon } from 'lucide-react';
import { t } from '../lib/i18n/index.ts';
import { Badge } from './ui/badge.tsx';

/** Under the heading of an archived product's page, and of its tasks' pages: why nothing is editable. */
export function ArchivedBanner() {
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg border border-dashed bg-muted/40 px-3 py-2 text-muted-foreground text-sm"
    >
      <ArchiveIcon className="size-4 shrink-0" aria-hidden="true" />
      {t(productMessages.archived)}
    </p>
  );
}

/** Beside an archived product's name (its page, a board card, a table row). */
export function ArchivedBadge() {
  return (
    <Badge variant="outline" className="gap-1 text-muted-foreground">
      <ArchiveIcon aria-hidden="true" />
      {t('Archived')}
    </Badge>
  );
}

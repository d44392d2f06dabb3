import { PackageSearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { t } from '../../../lib/i18n/index.ts';

/** Spec §2.9 'No products found', with an icon and the next action (ARCHITECTURE §6). */
export function ProductsEmptyState({ action, className }: { action?: ReactNode; className?: string }) {
  return (
    <EmptyState
      icon={PackageSearchIcon}
      title={t('No products found')}
      action={action}
      className={className}
    />
  );
}

/** A failed products load: the error's text (spec §8.1) and a way to try again. */
export function ProductsErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ErrorState error={error} onRetry={onRetry} />;
}

import { XIcon } from 'lucide-react';
import { t } from '../lib/i18n/index.ts';
import { Button } from './ui/button.tsx';

/**
 * 'Clear filters': a list back to everything, in its filter bar (a quiet button) or as the next
 * step of an empty state that the filters made empty (a small outlined one).
 */
export function ClearFiltersButton({
  onClick,
  inEmptyState = false,
  className,
}: {
  onClick: () => void;
  inEmptyState?: boolean;
  className?: string;
}) {
  return (
    <Button
      variant={inEmptyState ? 'outline' : 'ghost'}
      size={inEmptyState ? 'sm' : 'default'}
      onClick={onClick}
      className={className}
    >
      <XIcon aria-hidden="true" />
      {t('Clear filters')}
    </Button>
  );
}

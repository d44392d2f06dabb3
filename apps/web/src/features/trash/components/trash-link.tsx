import { Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';

/** A product's way to its deleted tasks (its Tasks tab), or to the whole trash. */
export function TrashLink({ productId, label }: { productId?: string; label?: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={paths.trash(productId)}>
        <Trash2Icon aria-hidden="true" />
        {label ?? t('Trash')}
      </Link>
    </Button>
  );
}

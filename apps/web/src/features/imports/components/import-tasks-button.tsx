import { canEditTasks, type Role } from '@shipyard/shared';
import { FileUp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../lib/i18n/index.ts';

// The wizard (its tables, the file reading, the shared import schemas) loads on the first click,
// so the product page's bundle grows only by this button.
const ImportTasksDialog = lazy(() => import('./import-tasks-dialog.tsx'));

/** "Import" beside the Tasks tab's actions, for whoever may create the product's tasks. */
export function ImportTasksButton({ productId, userRole }: { productId: string; userRole: Role }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (!canEditTasks(userRole)) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <FileUp aria-hidden="true" />
        {/* On a phone the icon only (as Export CSV beside it), so the toolbar fits one row under the label filter. */}
        <span className="sr-only sm:not-sr-only">{t('Import')}</span>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <ImportTasksDialog productId={productId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

import { viewMessages as m, type SavedView } from '@shipyard/shared';
import { SaveIcon } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useTaskDisplayScope } from '../../../hooks/task-display-scope.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useViewWrites } from '../api/views.ts';
import { currentQuery } from './save-view-dialog.tsx';
import { ViewActionsMenu } from './view-actions.tsx';

/** Two query strings name the same filters whatever their order. */
const sameQuery = (a: string, b: string) => {
  const sorted = (q: string) => {
    const params = new URLSearchParams(currentQuery(q));
    params.sort();
    return params.toString();
  };
  return sorted(a) === sorted(b);
};

/** The line under an open view's name: who sees it. */
export const viewDescription = (view: SavedView) =>
  view.product
    ? t('Saved view shared with everyone who sees {{product}}, by {{owner}}.', {
        product: view.product.name,
        owner: view.owner.name,
      })
    : t('Your saved view: only you see it.');

/**
 * The header of an open view (/views/:id): "Save changes" once its filters or display differ
 * from what it keeps (for whoever may change it), and its menu (pin, rename, delete).
 */
export function OpenViewActions({ view }: { view: SavedView }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { display } = useTaskDisplayScope();
  const { update } = useViewWrites();
  const changed = !sameQuery(search, view.query) || JSON.stringify(display) !== JSON.stringify(view.display);

  const save = () =>
    update.mutate(
      { id: view.id, query: currentQuery(search), display },
      {
        onSuccess: () => toast.success(t(m.updated), { description: view.name }),
        onError: (error) => toast.error(t(m.saveFailed), { description: getErrorMessage(error) }),
      },
    );

  return (
    <>
      {changed && view.canEdit ? (
        <Button onClick={save} pending={update.isPending}>
          <SaveIcon aria-hidden="true" />
          {t('Save changes')}
        </Button>
      ) : null}
      <ViewActionsMenu view={view} triggerVariant="outline" onDeleted={() => navigate(paths.views())} />
    </>
  );
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { getErrorMessage } from '../lib/api-client.ts';
import { t } from '../lib/i18n/index.ts';

/** Catches what a page throws while rendering or loading (e.g. a chunk gone after a deploy). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : getErrorMessage(error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-semibold text-xl tracking-tight">{t('Something went wrong')}</h1>
      <p className="max-w-md text-muted-foreground text-sm">{message}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        {t('Reload page')}
      </Button>
    </main>
  );
}

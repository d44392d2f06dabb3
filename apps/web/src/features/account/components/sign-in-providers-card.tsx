import type { authMessages, ProviderLinks, securityMessages } from '@shipyard/shared';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useProviderLinks, useStartProviderLink, useUnlinkProvider } from '../api/security.ts';

type Provider = ProviderLinks['data'][number];

/**
 * What the callback's `?link_error=<code>` means. Anyone can send a link with any text in it, so
 * the screen shows only its own sentences: a known code's, or the generic one.
 */
const identityTaken: typeof securityMessages.identityTaken = k(
  'That identity already signs in to another Shipyard account.',
);
const linkExists: typeof securityMessages.linkExists = k(
  'Your account is already linked to another identity there. Unlink it first.',
);
const linkFailed: typeof securityMessages.linkFailed = k('Linking failed. Please try again.');
const accountDisabled: typeof authMessages.accountDisabled = k(
  'This account has been disabled. Contact your administrator.',
);
const linkErrors: Record<string, string> = {
  OIDC_SUBJECT_TAKEN: identityTaken,
  GOOGLE_SUBJECT_TAKEN: identityTaken,
  OIDC_ALREADY_LINKED: linkExists,
  GOOGLE_ALREADY_LINKED: linkExists,
  ACCOUNT_DISABLED: accountDisabled,
};
/** The sentence of a code, in the reader's language. */
const linkErrorText = (code: string) =>
  t(Object.hasOwn(linkErrors, code) ? (linkErrors[code] as string) : linkFailed);

/**
 * Settings → Account (issue 27 #13): Google and the single sign-on provider this instance offers,
 * linked or not. A provider joins an existing account only from here, while signed in; linking
 * leaves for the provider's page and comes back here with the outcome in the address.
 */
export function SignInProvidersCard({
  redirect = (url: string) => window.location.assign(url),
}: {
  /** Where the browser goes to link (the provider's page); tests watch it. */
  redirect?: (url: string) => void;
}) {
  const links = useProviderLinks();
  const start = useStartProviderLink();
  const unlink = useUnlinkProvider();
  const [unlinking, setUnlinking] = useState<Provider | null>(null);
  const { values, set } = useUrlState({ linked: '', link_error: '' });
  const told = useRef('');

  // The outcome of a link round trip, told once, then taken out of the address.
  useEffect(() => {
    const outcome = values.link_error || values.linked;
    if (!outcome || told.current === outcome) return;
    told.current = outcome;
    if (values.link_error)
      toast.error(t('Could not link the sign-in'), { description: linkErrorText(values.link_error) });
    else toast.success(t('Sign-in linked'), { description: t('You can now sign in with it.') });
    set({ linked: null, link_error: null });
  }, [values.linked, values.link_error, set]);

  if (links.isSuccess && links.data.length === 0) return null;

  const link = (provider: Provider) =>
    start.mutate(provider.kind, {
      onSuccess: ({ url }) => redirect(url),
      onError: (error) =>
        toast.error(t('Could not link the sign-in'), { description: getErrorMessage(error) }),
    });

  return (
    <Card className="gap-6">
      <CardHeader>
        <CardTitle className="text-base">{t('Sign-in providers')}</CardTitle>
        <CardDescription>
          {t(
            'Sign in with these as well as your password. A provider joins your account only when you link it here.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : links.isError ? (
          <ErrorState
            title={t('Could not load your sign-in providers')}
            error={links.error}
            onRetry={() => links.refetch()}
          />
        ) : (
          <ul aria-label={t('Sign-in providers')} className="divide-y rounded-md border">
            {links.data.map((provider) => (
              <li
                key={provider.kind}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 text-sm"
              >
                <span className="font-medium">{provider.label}</span>
                <Badge variant={provider.linked ? 'secondary' : 'outline'}>
                  {provider.linked ? t('Linked') : t('Not linked')}
                </Badge>
                <span className="ms-auto">
                  {provider.linked ? (
                    <Button variant="outline" size="sm" onClick={() => setUnlinking(provider)}>
                      {t('Unlink')}
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      pending={start.isPending && start.variables === provider.kind}
                      onClick={() => link(provider)}
                    >
                      {t('Link {{provider}}', { provider: provider.label })}
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={t('Unlink {{provider}}?', { provider: unlinking?.label ?? '' })}
        description={t('You will no longer sign in with {{provider}}. You can link it again later.', {
          provider: unlinking?.label ?? '',
        })}
        confirmLabel={t('Unlink')}
        pendingLabel={t('Unlinking...')}
        pending={unlink.isPending}
        onConfirm={() => {
          if (!unlinking) return;
          unlink.mutate(unlinking.kind, {
            onSuccess: () => {
              toast.success(t('{{provider}} unlinked', { provider: unlinking.label }));
              setUnlinking(null);
            },
            onError: (error) => {
              toast.error(t('Could not unlink'), { description: getErrorMessage(error) });
              setUnlinking(null);
            },
          });
        }}
      />
    </Card>
  );
}

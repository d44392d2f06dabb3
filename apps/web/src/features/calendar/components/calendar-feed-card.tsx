import { calendarMessages as m } from '@shipyard/shared';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useCalendarFeed, useCreateCalendarFeed, useTurnOffCalendarFeed } from '../api/calendar-feed.ts';

/**
 * Settings → Account: the personal calendar feed (docs/decisions/017-calendar-feed.md). Its
 * address is a secret stored hashed, so it is shown once, right after it is created; regenerating
 * gives a new one and the old one stops working.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<'regenerate' | 'off' | null>(null);
  const urlId = useId();

  const createFeed = (regenerating: boolean) =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
        setCopied(false);
        setConfirming(null);
        toast.success(t(regenerating ? m.feedRegenerated : m.feedCreated));
      },
      onError: (error) => toast.error(t(m.feedCreateFailed), { description: getErrorMessage(error) }),
    });

  const copy = (value: string) =>
    navigator.clipboard
      .writeText(value)
      .then(() => {
        setCopied(true);
        toast.success(t('Feed URL copied'));
      })
      .catch(() =>
        toast.error(t('Could not copy'), { description: t('Select the address and copy it by hand.') }),
      );

  return (
    <Card className="gap-6">
      <CardHeader>
        <CardTitle className="text-base">{t('Calendar feed')}</CardTitle>
        <CardDescription>
          {t(
            "Subscribe to your Shipyard calendar from Google Calendar, Outlook or Apple Calendar: the events you can see, your products' target dates and the tasks assigned to you, from three months ago to a year ahead. The address is secret — anyone who has it can read that calendar — and it is shown only once, right after you create it.",
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feed.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : feed.isError ? (
          <ErrorState
            title={t('Could not load your calendar feed')}
            error={feed.error}
            onRetry={() => feed.refetch()}
          />
        ) : (
          <>
            {url ? (
              <div className="grid gap-2">
                <Label htmlFor={urlId}>{t('Your feed address')}</Label>
                <div className="flex gap-2">
                  <Input
                    id={urlId}
                    readOnly
                    value={url}
                    className="font-mono text-xs"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <Button variant="outline" onClick={() => copy(url)}>
                    {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                    {copied ? t('Copied') : t('Copy URL')}
                  </Button>
                </div>
                <p className="text-muted-foreground text-xs">
                  {t('Copy it now: it is not shown again. If you lose it, regenerate the feed.')}
                </p>
              </div>
            ) : null}
            {feed.data.enabled ? (
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-sm">
                  {feed.data.createdAt
                    ? t('Your feed is on (address created {{date}}).', {
                        date: formatDate(feed.data.createdAt),
                      })
                    : t('Your feed is on.')}
                </p>
                <div className="ms-auto flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setConfirming('regenerate')}>
                    {t('Regenerate')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive"
                    onClick={() => setConfirming('off')}
                  >
                    {t('Turn off')}
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-muted-foreground text-sm">{t('Your calendar feed is off.')}</p>
                <Button
                  size="sm"
                  className="ms-auto"
                  disabled={create.isPending}
                  onClick={() => createFeed(false)}
                >
                  {create.isPending ? t('Creating...') : t('Create feed URL')}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming === 'regenerate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('Regenerate the feed address?')}
        description={t(
          'The current address stops working at once: calendars subscribed to it stop updating until you subscribe them to the new one.',
        )}
        confirmLabel={t('Regenerate')}
        pendingLabel={t('Regenerating...')}
        pending={create.isPending}
        onConfirm={() => createFeed(true)}
      />
      <ConfirmDialog
        open={confirming === 'off'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('Turn off the calendar feed?')}
        description={t('Its address stops working at once. You can create a new one later.')}
        confirmLabel={t('Turn off')}
        pendingLabel={t('Turning off...')}
        pending={turnOff.isPending}
        onConfirm={() =>
          turnOff.mutate(undefined, {
            onSuccess: () => {
              setUrl(null);
              setConfirming(null);
              toast.success(t(m.feedTurnedOff));
            },
            onError: (error) => toast.error(t(m.feedTurnOffFailed), { description: getErrorMessage(error) }),
          })
        }
      />
    </Card>
  );
}

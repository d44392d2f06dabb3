import {
  EMAIL_MODES,
  type EmailMode,
  type emailModeTexts,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationPreferences,
  type notificationCategoryTexts,
  notificationPreferenceMessages,
} from '@shipyard/shared';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences.ts';

// The shared texts of this screen, marked for translation and shown with `t()`; the types hold
// them to the shared ones.
const categoryTexts = {
  assigned: { label: k('Assigned to me'), hint: k('Someone assigns a task to you.') },
  mentioned: { label: k('Mentioned'), hint: k('Someone @mentions you in a comment.') },
  watchedComment: { label: k('Comments on tasks I watch'), hint: k('A new comment on a task you watch.') },
  watchedStatus: {
    label: k('Status changes of tasks I watch'),
    hint: k('A task you watch changes status.'),
  },
  invitation: {
    label: k('Invitations and teams'),
    hint: k(
      'Team invitations, accepted invitations, lead changes and removals. Invitations always show in the bell.',
    ),
  },
  dueSoon: { label: k('Due soon'), hint: k('A task assigned to you is due within 24 hours.') },
  overdue: { label: k('Overdue'), hint: k('A task assigned to you is past its due date.') },
  productStage: {
    label: k('Product stage changes'),
    hint: k('A product you are on moves to another stage.'),
  },
} satisfies typeof notificationCategoryTexts;
const emailModes = {
  instant: k('Instantly'),
  digest: k('Daily digest'),
  never: k('Never'),
} satisfies typeof emailModeTexts;

const selectClass =
  'h-9 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';

/** This browser's zone: the default until the user first saves one. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every zone this browser knows, the chosen one included even if it does not. */
function timeZones(chosen: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([chosen, 'UTC', ...known])].sort();
}

/** Settings → Notifications: per kind, the bell on/off and e-mail instantly / digest / never. */
export function NotificationSettings() {
  const query = useNotificationPreferences();
  return (
    <Card className="gap-6">
      <CardHeader>
        <CardTitle className="text-base">{t('Notifications')}</CardTitle>
        <CardDescription>
          {t(
            'What shows in the bell, and what is e-mailed to you: at once, in a daily digest in the morning, or never. Every e-mail has a link that stops that kind of mail. Push goes to the devices where you turn it on below.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : query.isError ? (
          <ErrorState
            title={t(notificationPreferenceMessages.loadFailed)}
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : (
          <PreferencesForm saved={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const [timeZone, setTimeZone] = useState(saved.timeZone ?? browserTimeZone());
  const [choices, setChoices] = useState(saved.preferences);
  const set = (category: NotificationCategory, change: Partial<(typeof choices)[NotificationCategory]>) =>
    setChoices((current) => ({ ...current, [category]: { ...current[category], ...change } }));

  return (
    <form
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { timeZone, preferences: choices },
          {
            onSuccess: () => toast.success(t(notificationPreferenceMessages.saved)),
            onError: (error) =>
              toast.error(t(notificationPreferenceMessages.saveFailed), {
                description: getErrorMessage(error),
              }),
          },
        );
      }}
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-start text-muted-foreground">
            <th scope="col" className="py-2 font-medium">
              {t('Event')}
            </th>
            <th scope="col" className="px-2 py-2 font-medium sm:px-3">
              {t('In-app')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('E-mail')}
            </th>
            <th scope="col" className="px-2 py-2 font-medium sm:px-3">
              {t('Push')}
            </th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_CATEGORIES.map((category) => {
            const label = t(categoryTexts[category].label);
            const hint = t(categoryTexts[category].hint);
            const id = `notify-${category}`;
            return (
              <tr key={category} className="border-b last:border-0">
                <th scope="row" className="py-3 pe-2 text-start font-normal sm:pe-3">
                  <span id={`${id}-label`} className="font-medium">
                    {label}
                  </span>
                  <span className="block text-muted-foreground text-xs">{hint}</span>
                </th>
                <td className="px-2 py-3 sm:px-3">
                  <Checkbox
                    aria-label={t('{{label}}: in-app', { label })}
                    checked={choices[category].inApp}
                    onCheckedChange={(checked) => set(category, { inApp: checked === true })}
                  />
                </td>
                <td className="py-3">
                  <select
                    aria-label={t('{{label}}: e-mail', { label })}
                    className={selectClass}
                    value={choices[category].email}
                    onChange={(event) => set(category, { email: event.target.value as EmailMode })}
                  >
                    {EMAIL_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {t(emailModes[mode])}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="px-2 py-3 sm:px-3">
                  <Checkbox
                    aria-label={t('{{label}}: push', { label })}
                    checked={choices[category].push}
                    onCheckedChange={(checked) => set(category, { push: checked === true })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="grid max-w-sm gap-2">
        <Label htmlFor="notify-time-zone">{t('Time zone')}</Label>
        <select
          id="notify-time-zone"
          className={selectClass}
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
        >
          {timeZones(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        <p className="text-muted-foreground text-xs">
          {saved.timeZone
            ? t('Reminders and the daily digest follow this time zone.')
            : t('From this browser until you save. Reminders and the daily digest follow it.')}
        </p>
      </div>
      <div>
        <Button type="submit" pending={save.isPending}>
          {t('Save notification settings')}
        </Button>
      </div>
    </form>
  );
}

import {
  EMAIL_MODES,
  type EmailMode,
  emailModeTexts,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationPreferences,
  notificationCategoryTexts,
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
import { toast } from '../../../lib/toast.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences.ts';

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
        <CardTitle className="text-base">Notifications</CardTitle>
        <CardDescription>
          What shows in the bell, and what is e-mailed to you: at once, in a daily digest in the morning, or
          never. Every e-mail has a link that stops that kind of mail. Push goes to the devices where you turn
          it on below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : query.isError ? (
          <ErrorState
            title={notificationPreferenceMessages.loadFailed}
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
            onSuccess: () => toast.success(notificationPreferenceMessages.saved),
            onError: (error) =>
              toast.error(notificationPreferenceMessages.saveFailed, { description: getErrorMessage(error) }),
          },
        );
      }}
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 font-medium">
              Event
            </th>
            <th scope="col" className="px-2 py-2 font-medium sm:px-3">
              In-app
            </th>
            <th scope="col" className="py-2 font-medium">
              E-mail
            </th>
            <th scope="col" className="px-2 py-2 font-medium sm:px-3">
              Push
            </th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_CATEGORIES.map((category) => {
            const { label, hint } = notificationCategoryTexts[category];
            const id = `notify-${category}`;
            return (
              <tr key={category} className="border-b last:border-0">
                <th scope="row" className="py-3 pr-2 text-left font-normal sm:pr-3">
                  <span id={`${id}-label`} className="font-medium">
                    {label}
                  </span>
                  <span className="block text-muted-foreground text-xs">{hint}</span>
                </th>
                <td className="px-2 py-3 sm:px-3">
                  <Checkbox
                    aria-label={`${label}: in-app`}
                    checked={choices[category].inApp}
                    onCheckedChange={(checked) => set(category, { inApp: checked === true })}
                  />
                </td>
                <td className="py-3">
                  <select
                    aria-label={`${label}: e-mail`}
                    className={selectClass}
                    value={choices[category].email}
                    onChange={(event) => set(category, { email: event.target.value as EmailMode })}
                  >
                    {EMAIL_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {emailModeTexts[mode]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="px-2 py-3 sm:px-3">
                  <Checkbox
                    aria-label={`${label}: push`}
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
        <Label htmlFor="notify-time-zone">Time zone</Label>
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
            ? 'Reminders and the daily digest follow this time zone.'
            : 'From this browser until you save. Reminders and the daily digest follow it.'}
        </p>
      </div>
      <div>
        <Button type="submit" pending={save.isPending}>
          Save notification settings
        </Button>
      </div>
    </form>
  );
}

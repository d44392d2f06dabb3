import { type PushSettings, pushMessages, QuietHoursSchema } from '@shipyard/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { browserTimeZone } from '../../../lib/task-recurrence.ts';
import { toast } from '../../../lib/toast.ts';
import { useSavePushSettings } from '../api/push.ts';

/** Quiet hours: no push between two local times (22:00 to 07:00 runs over midnight). */
export function QuietHoursForm({ saved }: { saved: PushSettings }) {
  const save = useSavePushSettings();
  const [on, setOn] = useState(saved.quietHours !== null);
  const [start, setStart] = useState(saved.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(saved.quietHours?.end ?? '07:00');
  const timeZone = saved.quietHours?.timeZone ?? browserTimeZone();
  const [error, setError] = useState<string | undefined>();

  return (
    <form
      aria-label={t('Quiet hours')}
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        let quietHours: PushSettings['quietHours'] = null;
        if (on) {
          const parsed = QuietHoursSchema.safeParse({ start, end, timeZone: browserTimeZone() });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          quietHours = parsed.data;
        }
        setError(undefined);
        save.mutate(
          { quietHours },
          {
            onSuccess: () => toast.success(t(pushMessages.saved)),
            onError: (failure) =>
              toast.error(t('Could not save quiet hours'), { description: getErrorMessage(failure) }),
          },
        );
      }}
    >
      <div className="flex items-center gap-2">
        <Checkbox id="push-quiet" checked={on} onCheckedChange={(checked) => setOn(checked === true)} />
        <Label htmlFor="push-quiet">{t('Quiet hours')}</Label>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="push-quiet-start" className="text-muted-foreground text-xs">
            {t('From')}
          </Label>
          <Input
            id="push-quiet-start"
            type="time"
            className="w-32"
            disabled={!on}
            value={start}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setStart(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="push-quiet-end" className="text-muted-foreground text-xs">
            {t('To')}
          </Label>
          <Input
            id="push-quiet-end"
            type="time"
            className="w-32"
            disabled={!on}
            value={end}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'push-quiet-error' : undefined}
            onChange={(event) => setEnd(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" pending={save.isPending}>
          {t('Save quiet hours')}
        </Button>
      </div>
      {error ? (
        <p id="push-quiet-error" className="text-destructive text-sm">
          {t(error)}
        </p>
      ) : null}
      <p className="text-muted-foreground text-xs">
        {saved.quietHours
          ? t('No push in this time, on any device ({{zone}}). The notifications still reach your inbox.', {
              zone: timeZone,
            })
          : t(
              'No push in this time, on any device ({{zone}}, this browser’s time zone). The notifications still reach your inbox.',
              { zone: timeZone },
            )}
      </p>
    </form>
  );
}

import { type PushDevice, pushMessages } from '@shipyard/shared';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useDisablePush,
  useEnablePush,
  usePushDevices,
  usePushSettings,
  useRemovePushDevice,
  useThisDevice,
} from '../api/push.ts';
import { PermissionDeniedError, pushSupport } from '../browser-push.ts';
import { QuietHoursForm } from './quiet-hours-form.tsx';

/**
 * Settings → Notifications: push on this device (on/off), the devices with push on, and quiet
 * hours. Which kinds are pushed is the Push column of the notification settings.
 */
export function PushSettingsCard() {
  const devices = usePushDevices();
  const settings = usePushSettings();
  return (
    <SectionCard
      className="gap-6"
      title={t('Push notifications')}
      description={t(
        'A notification on your phone or computer, even with Shipyard closed. Choose the kinds in the Push column above.',
      )}
      contentClassName="grid gap-6"
    >
      <ThisDevice devices={devices.data} />
      {devices.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : devices.isError ? (
        <ErrorState
          title={t(pushMessages.loadFailed)}
          error={devices.error}
          onRetry={() => devices.refetch()}
        />
      ) : devices.data.length > 0 ? (
        <DeviceList devices={devices.data} />
      ) : null}
      {settings.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : settings.isError ? (
        <ErrorState
          title={t(pushMessages.loadFailed)}
          error={settings.error}
          onRetry={() => settings.refetch()}
        />
      ) : (
        <QuietHoursForm saved={settings.data} />
      )}
    </SectionCard>
  );
}

/** Whether push is on here, and the button that turns it on or off. */
function ThisDevice({ devices }: { devices: PushDevice[] | undefined }) {
  const supported = pushSupport() === 'supported';
  const here = useThisDevice();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const status = (text: string) => (
    <p role="status" className="text-muted-foreground text-sm">
      {t(text)}
    </p>
  );

  if (!supported) return status(pushMessages.unsupported);
  if (here.isPending) return <Skeleton className="h-9 w-64" />;
  if (here.isError) return status(pushMessages.noServiceWorker);
  const on = here.data !== null && (devices?.some((d) => d.endpoint === here.data) ?? false);
  const denied = Notification.permission === 'denied';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className="text-sm">
        {on ? t('On for this device.') : denied ? t(pushMessages.denied) : t('Off for this device.')}
      </p>
      {on ? (
        <Button
          variant="outline"
          size="sm"
          pending={disable.isPending}
          onClick={() =>
            disable.mutate(undefined, {
              onSuccess: () => toast.success(t(pushMessages.disabled)),
              onError: (error) =>
                toast.error(t('Could not turn off push'), { description: getErrorMessage(error) }),
            })
          }
        >
          {t('Turn off on this device')}
        </Button>
      ) : (
        <Button
          size="sm"
          disabled={denied}
          pending={enable.isPending}
          onClick={() =>
            enable.mutate(undefined, {
              onSuccess: () => toast.success(t(pushMessages.enabled)),
              onError: (error) =>
                toast.error(t(pushMessages.failed), {
                  description:
                    error instanceof PermissionDeniedError ? t(pushMessages.denied) : getErrorMessage(error),
                }),
            })
          }
        >
          {t('Turn on for this device')}
        </Button>
      )}
    </div>
  );
}

function DeviceList({ devices }: { devices: PushDevice[] }) {
  const here = useThisDevice();
  const remove = useRemovePushDevice();
  return (
    <ul aria-label={t('Devices with push')} className="divide-y rounded-md border">
      {devices.map((device) => (
        <li key={device._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
          <span className="font-medium">{device.label}</span>
          {here.data === device.endpoint && <Badge variant="secondary">{t('This device')}</Badge>}
          <span className="text-muted-foreground text-xs">
            {t('added {{date}}', { date: formatDate(device.createdAt) })}
            {device.lastPushAt
              ? ` · ${t('last push {{date}}', { date: formatDate(device.lastPushAt) })}`
              : ''}
          </span>
          <Button
            variant="ghost"
            size="sm"
            className="ms-auto"
            pending={remove.isPending && remove.variables === device._id}
            aria-label={t('Remove {{device}}', { device: device.label })}
            onClick={() =>
              remove.mutate(device._id, {
                onSuccess: () => toast.success(t(pushMessages.removed)),
                onError: (error) =>
                  toast.error(t('Could not remove the device'), { description: getErrorMessage(error) }),
              })
            }
          >
            {t('Remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

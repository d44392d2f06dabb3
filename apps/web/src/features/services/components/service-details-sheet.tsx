import { serviceMessages as m, type Service } from '@shipyard/shared';
import { RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DeliveryList } from '../../../components/delivery-row.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Separator } from '../../../components/ui/separator.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '../../../components/ui/sheet.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { useDeleteService } from '../api/save-service.ts';
import { ServiceStatusBadge, UsedByChips } from './service-labels.tsx';
import { categoryLabels, integrationLabels } from './service-texts.ts';

export type ServiceDetailsSheetProps = {
  /** The service shown; undefined when closed. */
  service: Service | undefined;
  canManage: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The 'Details' of a service: its fields, the products that use it, and, for admins and a
 * Webhook service, the delivery log; admins may delete it here.
 */
export function ServiceDetailsSheet({ service, canManage, onOpenChange }: ServiceDetailsSheetProps) {
  return (
    <Sheet open={service !== undefined} onOpenChange={onOpenChange}>
      <SheetContent className="w-full gap-0 overflow-y-auto sm:max-w-lg">
        {service ? (
          <ServiceDetails service={service} canManage={canManage} onDeleted={() => onOpenChange(false)} />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function ServiceDetails({
  service,
  canManage,
  onDeleted,
}: {
  service: Service;
  canManage: boolean;
  onDeleted: () => void;
}) {
  const webhook = service.integration === 'Webhook';
  const rows: Array<[string, ReactNode]> = [
    [t(m.categoryLabel), t(categoryLabels[service.category])],
    [t(m.integrationLabel), t(integrationLabels[service.integration])],
    [t('Status'), <ServiceStatusBadge key="status" status={service.status} />],
    [
      t('Last updated'),
      <time key="updated" dateTime={service.lastUpdated}>
        {formatDateTime(service.lastUpdated)}
      </time>,
    ],
    [
      t(m.apiKeyLabel),
      service.apiKey ? (
        <span key="key" className="font-mono">
          {service.apiKey}
        </span>
      ) : (
        <span key="key" className="text-muted-foreground">
          {t('None')}
        </span>
      ),
    ],
  ];
  if (webhook && service.webhookUrl) {
    rows.push([
      t('Webhook URL'),
      <span key="url" className="break-all font-mono text-xs">
        {service.webhookUrl}
      </span>,
    ]);
  }
  if (webhook)
    rows.push([
      t(m.signingSecretTitle),
      service.hasWebhookSecret ? t('Set (shown once at creation)') : t('None'),
    ]);

  return (
    <>
      <SheetHeader className="gap-2 p-6 pe-12">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <SheetTitle className="min-w-0 break-words text-lg">{service.name}</SheetTitle>
        </div>
        <SheetDescription className="break-words">
          {service.description || t('No description.')}
        </SheetDescription>
      </SheetHeader>
      <div className="grid gap-6 px-6 pb-6">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0">{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="service-used-by" className="grid gap-2">
          <h3 id="service-used-by" className="font-medium text-sm">
            {t(m.usedBy)}
          </h3>
          <UsedByChips service={service} />
        </section>
        {webhook && canManage ? (
          <>
            <Separator />
            <DeliveryLog serviceId={service.id} />
          </>
        ) : null}
      </div>
      {canManage ? (
        <SheetFooter className="border-t p-6">
          <DeleteServiceButton service={service} onDeleted={onDeleted} />
        </SheetFooter>
      ) : null}
    </>
  );
}

/** Newest first: event, status, attempts, last status code and error, when created and delivered. */
function DeliveryLog({ serviceId }: { serviceId: string }) {
  const query = useDeliveries(serviceId, true);

  return (
    <section aria-labelledby="service-deliveries" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="service-deliveries" className="font-medium text-sm">
          {t('Delivery log')}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void query.refetch()}
          pending={query.isRefetching && !query.isFetchingNextPage}
        >
          {query.isRefetching && !query.isFetchingNextPage ? null : <RotateCcwIcon aria-hidden="true" />}
          {t('Refresh')}
        </Button>
      </div>
      <DeliveryList
        query={query}
        empty={t('{{empty}}: product and task changes of the products that use it are sent here.', {
          empty: t(m.deliveriesEmpty),
        })}
      />
    </section>
  );
}

function DeleteServiceButton({ service, onDeleted }: { service: Service; onDeleted: () => void }) {
  const remove = useDeleteService();
  const [confirming, setConfirming] = useState(false);

  function confirmDelete() {
    remove.mutateAsync(service.id).then(
      () => {
        toast.success(t(m.deleted), { description: service.name });
        setConfirming(false);
        onDeleted();
      },
      (error: unknown) => toast.error(t(m.deleteFailed), { description: getErrorMessage(error) }),
    );
  }

  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden="true" />
          {t('Delete service')}
        </Button>
      }
      title={t('Delete {{name}}?', { name: service.name })}
      description={t('Its product links and delivery log are deleted with it. This action cannot be undone.')}
      confirmLabel={t('Delete')}
      pendingLabel={t('Deleting...')}
      pending={remove.isPending}
      onConfirm={confirmDelete}
    />
  );
}

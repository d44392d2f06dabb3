import {
  isAdmin,
  serviceMessages as m,
  type Role,
  SERVICE_CATEGORIES,
  type Service,
  type ServiceCategory,
} from '@shipyard/shared';
import { PlusIcon, XIcon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useServices } from '../api/get-services.ts';
import { useSetServiceStatus } from '../api/save-service.ts';
import { AddServiceDialog } from './add-service-dialog.tsx';
import { ServiceCard, ServiceGridSkeleton } from './service-card.tsx';
import { ServiceDetailsSheet } from './service-details-sheet.tsx';
import { ServicesEmptyState, ServicesErrorState } from './service-labels.tsx';
import { ServiceStatsCard, ServiceStatsSkeleton } from './service-stats-card.tsx';
import { categoryLabels } from './service-texts.ts';

/** The tab value of 'All Categories'. */
const ALL = 'all';

const isCategory = (value: string | null): value is ServiceCategory =>
  (SERVICE_CATEGORIES as readonly string[]).includes(value ?? '');

export type ServicesPageProps = { viewer: { id: string; role: Role } };

/**
 * Spec §2.19 Services (/services): the stored services as cards, searched and narrowed by
 * category (tabs from the data), with their usage statistics. Admins add, enable, disable and
 * delete; everyone else reads. The search and the tab live in the URL.
 */
export function ServicesPage({ viewer }: ServicesPageProps) {
  const canManage = isAdmin(viewer.role);
  const { values, set } = useUrlState({ search: '', category: '' });
  const search = values.search.trim();
  const categoryParam = values.category;
  const category = isCategory(categoryParam) ? categoryParam : undefined;
  const narrowed = search !== '' || category !== undefined;

  // A filter pushes a history entry (typing replaces it); the list keeps its scroll position.
  const update = useCallback(
    (patch: { search?: string; category?: string | undefined }, replace = false) =>
      set(patch, { replace, preventScrollReset: true }),
    [set],
  );

  const listParams = useMemo(() => ({ search, category }), [search, category]);
  const query = useServices(listParams);
  const services = query.data?.data ?? [];
  const stats = query.data?.stats;

  // The tabs come from the data: every category that has services, plus the chosen one.
  const categories = useMemo(() => {
    const present = new Set<string>(stats?.byCategory.map((c) => c.category) ?? []);
    if (category) present.add(category);
    return SERVICE_CATEGORIES.filter((c) => present.has(c));
  }, [stats, category]);

  const [adding, setAdding] = useState(false);
  const [detailsId, setDetailsId] = useState<string | undefined>();
  // The card's latest data: the sheet follows an enable or disable made while it is open.
  const details = services.find((s) => s.id === detailsId);

  const toggle = useSetServiceStatus();
  const togglingId = toggle.isPending ? toggle.variables?.id : undefined;
  const onToggle = useCallback(
    (service: Service) => {
      const status = service.status === 'Active' ? 'Inactive' : 'Active';
      toggle.mutate(
        { id: service.id, status },
        {
          onSuccess: () =>
            toast.success(status === 'Active' ? t(m.enabled) : t(m.disabled), { description: service.name }),
          onError: (error) => toast.error(t(m.statusFailed), { description: getErrorMessage(error) }),
        },
      );
    },
    [toggle],
  );
  const onSearch = useCallback((text: string) => update({ search: text }, true), [update]);
  const clearFilters = () => update({ search: undefined, category: undefined });

  const addButton = canManage ? (
    <Button onClick={() => setAdding(true)}>
      <PlusIcon aria-hidden="true" />
      {t(m.addButton)}
    </Button>
  ) : null;

  function content() {
    if (query.isPending) return <ServiceGridSkeleton />;
    if (query.isError && !query.data) {
      return <ServicesErrorState error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (services.length === 0) {
      return (
        <ServicesEmptyState
          narrowed={narrowed}
          action={
            narrowed ? (
              <Button variant="outline" size="sm" onClick={clearFilters}>
                <XIcon aria-hidden="true" />
                {t('Clear filters')}
              </Button>
            ) : (
              addButton
            )
          }
        />
      );
    }
    return (
      <ul
        aria-label={t('Services')}
        className={cn(
          'grid gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3',
          query.isPlaceholderData && 'opacity-60',
        )}
      >
        {services.map((service) => (
          <li key={service.id} className="min-w-0">
            <ServiceCard
              service={service}
              canManage={canManage}
              toggling={togglingId === service.id}
              onDetails={(s) => setDetailsId(s.id)}
              onToggle={onToggle}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t(m.heading)}
        description={t(
          'The tools your products rely on, which products use them, and whether they are enabled.',
        )}
        actions={addButton}
      />

      <Tabs
        value={category ?? ALL}
        onValueChange={(value) => update({ category: value === ALL ? undefined : value })}
        className="min-w-0 gap-4"
      >
        <div className="grid gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SearchBox
              value={search}
              onChange={onSearch}
              label={t('Search services')}
              placeholder={t(m.searchPlaceholder)}
              className="sm:max-w-xs"
            />
            {query.isFetching && !query.isPending ? (
              <Spinner label={t('Updating services')} className="text-muted-foreground" />
            ) : null}
          </div>
          {/* A row that scrolls sideways on a phone rather than wrapping into a block. */}
          <div className="-mx-1 overflow-x-auto px-1 pb-1">
            <TabsList aria-label={t('Categories')} className="w-max">
              <TabsTrigger value={ALL} className="px-3">
                {t(m.allCategories)}
              </TabsTrigger>
              {categories.map((c) => (
                <TabsTrigger key={c} value={c} className="px-3">
                  {t(categoryLabels[c])}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
        </div>
        {/* One panel: the tab chosen narrows the same list. */}
        <TabsContent value={category ?? ALL} className="min-w-0">
          {/* The cards' h3 titles sit under it in the page's outline. */}
          <h2 className="sr-only">{t('Service list')}</h2>
          {content()}
        </TabsContent>
      </Tabs>

      {stats ? <ServiceStatsCard stats={stats} /> : query.isPending ? <ServiceStatsSkeleton /> : null}

      {canManage ? <AddServiceDialog open={adding} onOpenChange={setAdding} /> : null}
      <ServiceDetailsSheet
        service={details}
        canManage={canManage}
        onOpenChange={(open) => {
          if (!open) setDetailsId(undefined);
        }}
      />
    </div>
  );
}

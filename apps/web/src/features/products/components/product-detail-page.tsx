import {
  canCreateProduct,
  canEditProduct,
  type ProductDetail,
  type ProductStatus,
  productMessages,
  type Role,
} from '@shipyard/shared';
import { AlertTriangle, ArrowLeft, CalendarDays, type LucideIcon, Settings2Icon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArchivedBadge, ArchivedBanner } from '../../../components/archived-banner.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { aroundSlot, slot } from '../../../lib/text-slots.tsx';
import { useProduct } from '../api/get-product.ts';
import { useUpdateProductStatus } from '../api/update-product-status.ts';
import { ProductActionsMenu } from './product-actions.tsx';
import { ProductDocuments } from './product-documents.tsx';
import { ProductOverview } from './product-overview.tsx';
import { ProductTimeline } from './product-timeline.tsx';
import { productStatusOptions, StatusBadge } from './status-badge.tsx';

const TABS = ['overview', 'tasks', 'teams', 'documents', 'timeline', 'settings'] as const;

/**
 * A tab another feature adds to the product (issue 31: time, schedule, cycles), shown as an icon
 * beside the spec's five so the row still fits a phone; its value is the `?tab=` in the URL.
 */
type ProductExtraTab = {
  value: string;
  /** The tab's name, translated: its accessible name and tooltip. */
  label: string;
  icon: LucideIcon;
  render: (readOnly: boolean) => ReactNode;
};

type ProductDetailPageProps = {
  productId: string;
  /** The signed-in user's id, to mark their own activity '(You)'. */
  currentUserId: string | undefined;
  /** The signed-in user's role: guests only read. */
  userRole: Role;
  /**
   * The Tasks tab's content: the tasks feature's list, composed in by the route; `readOnly` while
   * the product is archived (the server refuses its writes then).
   */
  tasksTab: (readOnly: boolean) => ReactNode;
  /** The Team tab's content: the teams feature's list and members view, composed in by the route. */
  teamsTab: (readOnly: boolean) => ReactNode;
  /**
   * The product's settings (issue 29: workflow states, fields, estimates, templates), composed in
   * by the route from the features that own them; the tab shows to whoever manages the product.
   */
  settingsTab?: (readOnly: boolean) => ReactNode;
  /** Further tabs composed in by the route, in this order, before Settings. */
  extraTabs?: readonly ProductExtraTab[];
  /**
   * Cards other features add to the Overview, after its own and before Recent Activity (issue 32:
   * stage history, forecast), composed in by the route; `readOnly` while the product is archived.
   */
  overviewExtras?: (product: ProductDetail, readOnly: boolean) => ReactNode;
};

/** Spec §2.11: the product's header and its Overview, Tasks, Team, Documents and Activity Timeline tabs. */
export function ProductDetailPage({
  productId,
  currentUserId,
  userRole,
  tasksTab,
  teamsTab,
  settingsTab,
  extraTabs = [],
  overviewExtras,
}: ProductDetailPageProps) {
  const product = useProduct(productId);
  const navigate = useNavigate();
  const { values, set } = useUrlState({ tab: 'overview' });
  const known = [...TABS, ...extraTabs.map((extra) => extra.value)];
  const tab = values.tab && known.includes(values.tab) ? values.tab : 'overview';

  // The open tab lives in the URL, so a reload or a shared link opens the same one.
  // The team whose members the Team tab shows belongs to that tab only.
  const selectTab = (value: string) => set(value === 'teams' ? { tab: value } : { tab: value, team: null });

  if (product.isPending) return <ProductDetailSkeleton />;

  if (product.isError || !product.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-20 text-center" role="alert">
        <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
        <h1 className="font-semibold text-lg">{t('Error Loading Product')}</h1>
        <p className="text-muted-foreground text-sm">
          {product.isError ? getErrorMessage(product.error) : t(productMessages.notFound)}
        </p>
        <Button asChild variant="outline">
          <Link to={paths.products()}>
            <ArrowLeft aria-hidden="true" />
            {t('Back to Products')}
          </Link>
        </Button>
      </div>
    );
  }

  const data = product.data;
  const [createdBefore, createdAfter] = aroundSlot(t('Created {{date}}', { date: slot('date') }));
  const archived = data.archived_at !== null;
  // Guests are read-only (ARCHITECTURE §5), and so is an archived product; the server refuses them anyway.
  const canEdit = canCreateProduct(userRole) && !archived;
  const viewer = currentUserId ? { id: currentUserId, role: userRole } : undefined;
  const showSettings =
    settingsTab !== undefined &&
    viewer !== undefined &&
    canEditProduct(viewer, { createdBy: data.created_by });

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link
          to={paths.products()}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('Products')}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="min-w-0 break-words font-semibold text-2xl tracking-tight">{data.name}</h1>
            {canEdit ? <StageSelect product={data} /> : <StatusBadge status={data.status} />}
            {archived ? <ArchivedBadge /> : null}
          </div>
          <div className="flex items-center gap-2">
            <ProductActionsMenu
              product={data}
              viewer={viewer}
              variant="header"
              onDeleted={() => navigate(paths.products())}
            />
          </div>
        </div>
        <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
          <CalendarDays className="size-4" aria-hidden="true" />
          {createdBefore}
          <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time>
          {createdAfter}
        </p>
        {archived ? <ArchivedBanner /> : null}
      </header>

      <Tabs value={tab} onValueChange={selectTab} className="gap-4">
        {/* On a phone the spec's five tabs fill the row (12 px labels below sm) and the icon tabs the
            features add wrap onto the next one, so every tab stays on screen however many there are. */}
        <TabsList className="flex h-auto w-full flex-wrap justify-start sm:inline-flex sm:h-9 sm:w-fit sm:flex-nowrap">
          {(
            [
              ['overview', t('Overview')],
              ['tasks', t('Tasks')],
              ['teams', t('Team')],
              ['documents', t('Documents')],
              ['timeline', t('Timeline')],
            ] as const
          ).map(([value, label]) => (
            <TabsTrigger
              key={value}
              value={value}
              className="flex-auto px-1 text-xs sm:flex-1 sm:px-2 sm:text-sm"
            >
              {label}
            </TabsTrigger>
          ))}
          {/* Icons beside the spec's five tabs, so the row still fits a phone. */}
          {extraTabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger
              key={value}
              value={value}
              aria-label={label}
              title={label}
              className="flex-none px-1 text-[13px] sm:px-2.5 sm:text-sm"
            >
              <Icon aria-hidden="true" />
            </TabsTrigger>
          ))}
          {showSettings ? (
            <TabsTrigger
              value="settings"
              aria-label={t('Settings')}
              title={t('Settings')}
              className="flex-none px-1 text-[13px] sm:px-2.5 sm:text-sm"
            >
              <Settings2Icon aria-hidden="true" />
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="overview">
          <ProductOverview product={data} currentUserId={currentUserId}>
            {overviewExtras?.(data, archived)}
          </ProductOverview>
        </TabsContent>
        <TabsContent value="tasks">{tasksTab(archived)}</TabsContent>
        <TabsContent value="teams">{teamsTab(archived)}</TabsContent>
        <TabsContent value="documents">
          <ProductDocuments productId={data.id} canEdit={canEdit} />
        </TabsContent>
        <TabsContent value="timeline">
          <ProductTimeline productId={data.id} currentUserId={currentUserId} />
        </TabsContent>
        {extraTabs.map(({ value, render }) => (
          <TabsContent key={value} value={value}>
            {render(archived)}
          </TabsContent>
        ))}
        {showSettings ? <TabsContent value="settings">{settingsTab(archived)}</TabsContent> : null}
      </Tabs>
    </div>
  );
}

/** The product's stage, changed from its header without dragging it on the board. */
function StageSelect({ product }: { product: ProductDetail }) {
  const change = useUpdateProductStatus();
  const labelId = useId();
  return (
    <>
      <span id={labelId} className="sr-only">
        {t('Stage')}
      </span>
      <OptionSelect
        size="sm"
        aria-labelledby={labelId}
        className="h-7 rounded-full px-2.5 text-xs"
        value={product.status}
        disabled={change.isPending}
        onValueChange={(status) => {
          if (status !== product.status) change.mutate({ id: product.id, status: status as ProductStatus });
        }}
        options={productStatusOptions()}
      />
    </>
  );
}

function ProductDetailSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Skeleton className="h-4 w-20" />
        <div className="flex items-center gap-3">
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-5 w-24 rounded-full" />
        </div>
        <Skeleton className="h-4 w-40" />
      </div>
      <Skeleton className="h-9 w-72 max-w-full" />
      <Card>
        <CardContent className="flex flex-col gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-3">
        {['status', 'team', 'timeline'].map((key) => (
          <Card key={key}>
            <CardContent className="flex flex-col gap-3">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-6 w-28" />
            </CardContent>
          </Card>
        ))}
      </div>
      <p role="status" className="text-center text-muted-foreground text-sm">
        {t('Loading product details...')}
      </p>
    </div>
  );
}

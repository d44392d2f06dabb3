import { canCreateProduct, type Role } from '@shipyard/shared';
import { AlertTriangle, ArrowLeft, CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useProduct } from '../api/get-product.ts';
import { ProductDocuments } from './product-documents.tsx';
import { ProductOverview } from './product-overview.tsx';
import { ProductTimeline } from './product-timeline.tsx';
import { StatusBadge } from './status-badge.tsx';

const TABS = ['overview', 'tasks', 'teams', 'documents', 'timeline'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

type ProductDetailPageProps = {
  productId: string;
  /** The signed-in user's id, to mark their own activity '(You)'. */
  currentUserId: string | undefined;
  /** The signed-in user's role: guests only read. */
  userRole: Role;
  /** The Tasks tab's content: the tasks feature's list, composed in by the route. */
  tasksTab: ReactNode;
  /** The Team tab's content: the teams feature's list and members view, composed in by the route. */
  teamsTab: ReactNode;
};

/** Spec §2.11: the product's header and its Overview, Tasks, Team, Documents and Activity Timeline tabs. */
export function ProductDetailPage({
  productId,
  currentUserId,
  userRole,
  tasksTab,
  teamsTab,
}: ProductDetailPageProps) {
  const product = useProduct(productId);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'overview';

  // The open tab lives in the URL, so a reload or a shared link opens the same one.
  const selectTab = (value: string) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        // The team whose members the Team tab shows belongs to that tab only.
        if (value !== 'teams') next.delete('team');
        return next;
      },
      { replace: true },
    );
  };

  if (product.isPending) return <ProductDetailSkeleton />;

  if (product.isError || !product.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-20 text-center" role="alert">
        <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
        <h1 className="font-semibold text-lg">Error Loading Product</h1>
        <p className="text-muted-foreground text-sm">
          {product.isError ? getErrorMessage(product.error) : 'Product not found'}
        </p>
        <Button asChild variant="outline">
          <Link to="/products">
            <ArrowLeft aria-hidden="true" />
            Back to Products
          </Link>
        </Button>
      </div>
    );
  }

  const data = product.data;
  // Guests are read-only (ARCHITECTURE §5); the server refuses them anyway.
  const canEdit = canCreateProduct(userRole);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link
          to="/products"
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Products
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="min-w-0 break-words font-semibold text-2xl tracking-tight">{data.name}</h1>
          <StatusBadge status={data.status} />
        </div>
        <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
          <CalendarDays className="size-4" aria-hidden="true" />
          Created <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time>
        </p>
      </header>

      <Tabs value={tab} onValueChange={selectTab} className="gap-4">
        <TabsList className="w-full justify-start overflow-x-auto sm:w-fit">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="tasks">Tasks</TabsTrigger>
          <TabsTrigger value="teams">Team</TabsTrigger>
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="timeline">Timeline</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <ProductOverview product={data} currentUserId={currentUserId} />
        </TabsContent>
        <TabsContent value="tasks">{tasksTab}</TabsContent>
        <TabsContent value="teams">{teamsTab}</TabsContent>
        <TabsContent value="documents">
          <ProductDocuments productId={data.id} canEdit={canEdit} />
        </TabsContent>
        <TabsContent value="timeline">
          <ProductTimeline productId={data.id} currentUserId={currentUserId} />
        </TabsContent>
      </Tabs>
    </div>
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
        Loading product details...
      </p>
    </div>
  );
}

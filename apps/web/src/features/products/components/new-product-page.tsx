import {
  type CreateProduct,
  canCreateProduct,
  type Product,
  type Role,
  userMessages,
} from '@shipyard/shared';
import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { ProductForm } from './product-form.tsx';

export type NewProductPageProps = {
  /** The viewer's role; guests may look at products but not create them (spec §6). */
  role: Role | undefined;
  /**
   * Issue 29: a choice above the form of what the product starts from (a template), and how it is
   * then created; the form's fields and messages stay the spec's.
   */
  startFrom?: ReactNode;
  createWith?: ((values: CreateProduct) => Promise<Product>) | undefined;
};

/** Spec §2.10 /new-product: back link, the create form, and a Cancel link to /products. */
export function NewProductPage({ role, startFrom, createWith }: NewProductPageProps) {
  const navigate = useNavigate();
  const onCreated = (product: Product) => navigate(paths.product(product.id));

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-3">
        <Link
          to={paths.products()}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          {t('Back to Products')}
        </Link>
        <PageHeader
          title={t('Create Product')}
          description={t('Set up a new product: its timeline, status and team.')}
        />
      </div>
      <Card className="py-5 sm:py-6">
        <CardContent className="px-4 sm:px-6">
          {role === undefined || canCreateProduct(role) ? (
            <div className="grid gap-5">
              {startFrom}
              <ProductForm onCreated={onCreated} createWith={createWith} />
            </div>
          ) : (
            <p role="alert" className="text-muted-foreground text-sm">
              {userMessages.forbidden}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

import { ESTIMATE_SCALES, type EstimateScale, estimateMessages } from '@shipyard/shared';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useEstimateScale, useSetEstimateScale } from '../api/hierarchy.ts';

/** ESTIMATE_SCALE_LABELS' texts (the same English), marked to be translated where shown. */
const scaleLabels: Record<EstimateScale, string> = {
  none: k('None'),
  points: k('Points (1, 2, 3, 5, 8)'),
  tshirt: k('T-shirt sizes (XS, S, M, L, XL)'),
  hours: k('Hours (quarter hours, up to 999)'),
};

/** estimateMessages.scaleClears in the reader's language (a test checks the English is the same). */
export const scaleClearsText = (count: number) =>
  t('{{count}} tasks have estimates that do not fit the new scale and will be cleared.', { count });

/**
 * The product's estimate scale (issue 29), in its Settings tab: none, points, t-shirt sizes or
 * hours. A change that would clear estimates says how many first.
 */
export function ProductEstimatesCard({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const current = useEstimateScale(productId);
  const [chosen, setChosen] = useState<EstimateScale | undefined>();
  const candidate = chosen && chosen !== current.data?.scale ? chosen : undefined;
  const preview = useEstimateScale(productId, candidate ?? current.data?.scale);
  const save = useSetEstimateScale(productId);
  const scale = chosen ?? current.data?.scale ?? 'none';

  const apply = async () => {
    if (!candidate) return;
    const misfits = preview.data?.misfits ?? 0;
    if (
      misfits > 0 &&
      !(await confirmAction({
        title: t('Change the estimate scale?'),
        description: scaleClearsText(misfits),
        confirm: t('Change scale'),
      }))
    ) {
      return;
    }
    save.mutate(candidate, {
      onSuccess: () => {
        setChosen(undefined);
        toast.success(t(estimateMessages.scaleSaved));
      },
      onError: (error) =>
        toast.error(t(estimateMessages.scaleFailed), { description: getErrorMessage(error) }),
    });
  };

  return (
    <SectionCard
      title={t('Estimates')}
      description={t(
        'How this product’s tasks are sized. Sums show on board columns, list groups and views (t-shirt sizes count as 1, 2, 3, 5 and 8 points).',
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Select
          value={scale}
          disabled={readOnly || current.isPending}
          onValueChange={(value) => setChosen(value as EstimateScale)}
        >
          <SelectTrigger aria-label={t('Estimate scale')} className="w-72 max-w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ESTIMATE_SCALES.map((option) => (
              <SelectItem key={option} value={option}>
                {t(scaleLabels[option])}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {readOnly ? null : (
          <Button type="button" disabled={!candidate || save.isPending} onClick={() => void apply()}>
            {t('Save')}
          </Button>
        )}
      </div>
      {candidate && (preview.data?.misfits ?? 0) > 0 ? (
        <p className="mt-2 text-muted-foreground text-sm">{scaleClearsText(preview.data?.misfits ?? 0)}</p>
      ) : null}
    </SectionCard>
  );
}

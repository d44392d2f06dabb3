import { SectionCard } from '../../../components/section-card.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { TrashLink } from './trash-link.tsx';

/** Settings' way to the trash (issue 28). */
export function TrashCard() {
  return (
    <SectionCard
      title={t('Trash')}
      description={t('Deleted tasks and products you may restore, for 30 days after their deletion.')}
      action={<TrashLink label={t('Open')} />}
    >
      <p className="text-muted-foreground text-sm">
        {t('Restore brings a task back with its comments, checklist, labels, files and history.')}
      </p>
    </SectionCard>
  );
}

import { RELATION_TYPES, type RelationType, relationMessages } from '@shipyard/shared';
import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useRelations, useRelationWrites } from '../api/hierarchy.ts';
import { TaskPicker } from './task-picker.tsx';

/** RELATION_LABELS' texts (the same English), marked to be translated where shown. */
const relationLabels: Record<RelationType, string> = {
  blocks: k('Blocks'),
  blocked_by: k('Blocked by'),
  relates_to: k('Relates to'),
  duplicate_of: k('Duplicate of'),
  duplicates: k('Duplicated by'),
};

/**
 * A task's relations (issue 29): blocks, blocked by, relates to, duplicate of, duplicated by, to
 * the tasks the viewer sees; added from a search of every product they see, removed one by one.
 */
export function TaskRelations({ taskId, canEdit }: { taskId: string; canEdit: boolean }) {
  const relations = useRelations(taskId);
  const { add, remove } = useRelationWrites(taskId);
  const [type, setType] = useState<RelationType>('blocks');
  const list = relations.data?.data ?? [];

  return (
    <section aria-labelledby="task-relations" className="grid gap-2">
      <h2 id="task-relations" className="font-medium text-sm">
        {t('Relations')}
      </h2>
      {list.length > 0 ? (
        <ul className="grid divide-y rounded-md border">
          {list.map((relation) => (
            <li
              key={relation.id}
              data-relation={relation.type}
              className="flex min-w-0 items-center gap-3 px-3 py-2 text-sm"
            >
              <span className="w-24 shrink-0 text-muted-foreground text-xs">
                {t(relationLabels[relation.type])}
              </span>
              <span className="shrink-0 font-mono text-muted-foreground text-xs">{relation.task.key}</span>
              <Link
                to={paths.task(relation.task.id)}
                className={cn(
                  'min-w-0 flex-1 truncate hover:underline',
                  relation.task.status === 'Completed' && 'text-muted-foreground line-through',
                )}
              >
                {relation.task.title}
              </Link>
              {canEdit ? (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={t('Remove the relation to {{key}}', { key: relation.task.key })}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(relation.id, {
                      onError: (error) =>
                        toast.error(t(relationMessages.removeFailed), {
                          description: getErrorMessage(error),
                        }),
                    })
                  }
                >
                  <XIcon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">{t('No related tasks.')}</p>
      )}
      {canEdit ? (
        <div className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-start">
          <Select value={type} onValueChange={(value) => setType(value as RelationType)}>
            <SelectTrigger size="sm" aria-label={t('Relation')} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RELATION_TYPES.map((option) => (
                <SelectItem key={option} value={option}>
                  {t(relationLabels[option])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <TaskPicker
            label={t('Search tasks to relate')}
            exclude={[taskId, ...list.map((r) => r.task.id)]}
            disabled={add.isPending}
            onPick={(picked) =>
              add.mutate(
                { type, taskId: picked.id },
                {
                  onError: (error) =>
                    toast.error(t(relationMessages.addFailed), { description: getErrorMessage(error) }),
                },
              )
            }
          />
        </div>
      ) : null}
    </section>
  );
}

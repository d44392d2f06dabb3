import type { Task } from '@shipyard/shared';
import { GitBranch, Link2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { t } from '../../../../lib/i18n/index.ts';
import { TaskKey } from '../task-key.tsx';
import { useTaskCopy } from '../use-task-copy.ts';

/** The task page's key (`ATL-12`) with "Copy link" and "Copy branch name" beside it (issue 28). */
export function TaskKeyBar({ task }: { task: Pick<Task, 'key' | 'title'> }) {
  const { copyLink, copyBranch } = useTaskCopy();
  return (
    // Wraps: at 390 px a longer language's "Copy branch name" would push the page sideways.
    <div className="flex flex-wrap items-center gap-1">
      <TaskKey taskKey={task.key} className="text-sm" />
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-muted-foreground"
        onClick={() => void copyLink(task)}
      >
        <Link2 aria-hidden="true" />
        {t('Copy link')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-muted-foreground"
        onClick={() => void copyBranch(task)}
      >
        <GitBranch aria-hidden="true" />
        {t('Copy branch name')}
      </Button>
    </div>
  );
}

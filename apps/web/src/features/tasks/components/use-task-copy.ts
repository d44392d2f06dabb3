import { branchName, type Task, taskKeyMessages } from '@shipyard/shared';
import { useCallback } from 'react';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';

/** The link that opens a task whatever moves it later: by its key, which old keys keep resolving. */
const taskLink = (task: Pick<Task, 'key'>) => new URL(paths.task(task.key), window.location.origin).href;

/**
 * "Copy link" and "Copy branch name" (issue 28), "Copy key" (issue 30): the text to the clipboard, and a toast saying
 * it was copied (or that it could not be: no clipboard outside a secure context).
 */
export function useTaskCopy() {
  const copy = useCallback(async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t(done), { description: text });
    } catch {
      toast.error(t(taskKeyMessages.copyFailed));
    }
  }, []);
  return {
    copyLink: useCallback(
      (task: Pick<Task, 'key'>) => copy(taskLink(task), taskKeyMessages.linkCopied),
      [copy],
    ),
    copyKey: useCallback((task: Pick<Task, 'key'>) => copy(task.key, taskKeyMessages.keyCopied), [copy]),
    copyBranch: useCallback(
      (task: Pick<Task, 'key' | 'title'>) =>
        copy(branchName(task.key, task.title), taskKeyMessages.branchCopied),
      [copy],
    ),
  };
}

import { CornerLeftUpIcon, XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import type { ParentPickerProps } from '../../../components/app-extensions.tsx';
import { chipClass } from '../../../components/chip-picker.tsx';
import { PopoverContent } from '../../../components/ui/popover.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { TaskPicker } from './task-picker.tsx';

/**
 * The create dialog's "Sub-task of …" chip (issue 29): a search of the product's tasks; the
 * task chosen becomes the new task's parent, and the cross clears it. The app hands it to the
 * tasks feature's dialog (components/app-extensions.tsx).
 */
export function ParentChip({ productId, value, onChange, error }: ParentPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-1">
      <div className="flex items-center">
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button
              type="button"
              aria-label={
                value
                  ? t('Sub-task of {{key}} {{title}}', { key: value.key, title: value.title })
                  : t('Make it a sub-task')
              }
              aria-invalid={error ? true : undefined}
              className={cn(
                chipClass,
                'max-w-64',
                !value && 'text-muted-foreground',
                value && 'rounded-e-none',
              )}
            >
              <CornerLeftUpIcon aria-hidden="true" />
              <span className="truncate">
                {value ? <SubtaskOf taskKey={value.key} title={value.title} /> : t('Parent')}
              </span>
            </button>
          </Popover.Trigger>
          <PopoverContent className="grid w-80 max-w-[calc(100vw-2rem)] gap-2 p-3">
            <TaskPicker
              label={t('Search the product’s tasks')}
              productId={productId}
              onPick={(task) => {
                onChange(task);
                setOpen(false);
              }}
            />
          </PopoverContent>
        </Popover.Root>
        {value ? (
          <button
            type="button"
            aria-label={t('Remove the parent')}
            className={cn(chipClass, 'rounded-s-none border-s-0 px-1.5')}
            onClick={() => onChange(null)}
          >
            <XIcon aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {error ? <p className="max-w-64 text-destructive text-xs">{error}</p> : null}
    </div>
  );
}

/** 'Sub-task of <key> <title>' in the reader's word order, the key set apart. */
function SubtaskOf({ taskKey, title }: { taskKey: string; title: string }) {
  const [before, after] = t('Sub-task of {{task}}', { task: '{{task}}' }).split('{{task}}');
  return (
    <>
      {before}
      <span className="font-mono text-xs">{taskKey}</span> {title}
      {after}
    </>
  );
}

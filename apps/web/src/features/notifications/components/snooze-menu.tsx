import { AlarmClockIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { SNOOZE_CHOICES, type SnoozeChoice, snoozeLabels, snoozeUntil } from './snooze-times.ts';

const snoozeMenuTexts = { trigger: k('Snooze'), heading: k('Snooze until') } as const;

/**
 * The snooze picker (issue 30): Later today, Tomorrow, Next week, each with its time. Opened by
 * its button or by `h` on the inbox (the page holds `open`).
 */
export function SnoozeMenu({
  open,
  onOpenChange,
  onSnooze,
  now,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSnooze: (until: Date, choice: SnoozeChoice) => void;
  now: number;
}) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-foreground"
          aria-label={t(snoozeMenuTexts.trigger)}
          title={`${t(snoozeMenuTexts.trigger)} (h)`}
        >
          <AlarmClockIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuLabel>{t(snoozeMenuTexts.heading)}</DropdownMenuLabel>
        {SNOOZE_CHOICES.map((choice) => {
          const until = snoozeUntil(choice, new Date(now));
          return (
            <DropdownMenuItem key={choice} onSelect={() => onSnooze(snoozeUntil(choice, new Date()), choice)}>
              <span className="flex-1">{t(snoozeLabels[choice])}</span>
              <span className="text-muted-foreground text-xs tabular-nums">
                {formatDateTime(until.toISOString())}
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

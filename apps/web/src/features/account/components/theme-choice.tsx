import { type LucideIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTheme } from '../../../components/theme-provider.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import type { Theme } from '../../../lib/theme.ts';

const options: { value: Theme; label: string; hint: string; icon: LucideIcon }[] = [
  { value: 'light', label: k('Light'), hint: k('Always light'), icon: SunIcon },
  { value: 'dark', label: k('Dark'), hint: k('Always dark'), icon: MoonIcon },
  { value: 'system', label: k('System'), hint: k('Follow this device'), icon: MonitorIcon },
];

/** Light, dark or the system's choice, as native radios (arrow keys move between them). */
export function ThemeChoice() {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 font-medium text-sm">{t('Theme')}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {options.map(({ value, label, hint, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm transition-[color,background-color,border-color,box-shadow] hover:bg-accent/50',
              'has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50',
            )}
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => setTheme(value)}
              className="sr-only"
            />
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="grid gap-0.5">
              <span className="font-medium">{t(label)}</span>
              <span className="text-muted-foreground text-xs">{t(hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

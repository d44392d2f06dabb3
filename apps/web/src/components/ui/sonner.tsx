import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { k, t } from '../../lib/i18n/index.ts';
import { useTheme } from '../theme-provider.tsx';

/** Spec §9: the notification region's label and its keyboard shortcut (Alt+T focuses the toasts). */
const TOASTER_LABEL = k('Notifications');
const TOASTER_HOTKEY = ['altKey', 'KeyT'];

// Sonner styles toasts through these variables; pointing them at our tokens makes toasts follow
// the theme. An error toast overrides them on itself (spec §8.1: error toasts are destructive).
const tokenStyle = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  '--border-radius': 'var(--radius)',
  fontFamily: 'inherit',
} as CSSProperties;

/** The app's toast region, bottom-right; call `toast(…)` / `toast.error(…)` from 'sonner' anywhere. */
export function Toaster({ toastOptions, ...props }: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      position="bottom-right"
      // On a phone, above the tab bar (issue 33); --tab-bar-height is 0 without one.
      mobileOffset={{ bottom: 'calc(16px + var(--tab-bar-height, 0px))' }}
      containerAriaLabel={t(TOASTER_LABEL)}
      hotkey={TOASTER_HOTKEY}
      className="toaster group"
      style={tokenStyle}
      {...props}
      toastOptions={{
        ...toastOptions,
        classNames: {
          description: 'text-muted-foreground!',
          error:
            '[--normal-bg:var(--destructive)] [--normal-border:var(--destructive)] [--normal-text:var(--destructive-foreground)] [&_[data-description]]:text-destructive-foreground/90!',
          ...toastOptions?.classNames,
        },
      }}
    />
  );
}

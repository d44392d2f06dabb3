import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { SHORTCUT_SECTIONS } from '../shortcut-list.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
};

/** `?`: every keyboard shortcut. */
export default function ShortcutsDialog({ open, onOpenChange, onCloseAutoFocus }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('Keyboard shortcuts')}</DialogTitle>
          <DialogDescription>{t('They work outside a text field or an open dialog.')}</DialogDescription>
        </DialogHeader>
        <div className="grid max-h-[70dvh] gap-4 overflow-y-auto">
          {SHORTCUT_SECTIONS.map((section) => (
            <section key={section.title} aria-label={t(section.title)} className="grid gap-2">
              <h3 className="font-medium text-muted-foreground text-xs">{t(section.title)}</h3>
              <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
                {section.lines.map((line) => (
                  <div key={line.id} className="contents">
                    <dt>
                      {t(line.label)}
                      {line.where ? (
                        <span className="block text-muted-foreground text-xs">{t(line.where)}</span>
                      ) : null}
                    </dt>
                    <dd className="flex flex-wrap items-center justify-end gap-1 self-start justify-self-end">
                      {line.keys.map((entry, index) => {
                        const key = typeof entry === 'string' ? entry : entry.key;
                        return (
                          <span key={key} className="flex items-center gap-1">
                            {index > 0 ? (
                              <span className="text-muted-foreground text-xs">
                                {line.join === 'then' ? t('then') : t('or')}
                              </span>
                            ) : null}
                            <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                              {key}
                            </kbd>
                            {typeof entry === 'string' ? null : (
                              <span className="text-muted-foreground text-xs">({t(entry.where)})</span>
                            )}
                          </span>
                        );
                      })}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}

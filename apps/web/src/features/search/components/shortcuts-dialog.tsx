import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { INBOX_SHEET, SHORTCUTS } from '../shortcut-list.ts';

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
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>They work anywhere outside a text field or an open dialog.</DialogDescription>
        </DialogHeader>
        <SheetList
          join="then"
          lines={SHORTCUTS.map(({ action, keys, label }) => ({ id: action, keys, label }))}
        />
        <section aria-label={INBOX_SHEET.title} className="grid gap-2">
          <h3 className="font-medium text-muted-foreground text-xs">{INBOX_SHEET.title}</h3>
          <SheetList join="or" lines={INBOX_SHEET.lines} />
        </section>
      </DialogContent>
    </Dialog>
  );
}

type Line = { id: string; label: string; keys: readonly string[] };

/** Shortcuts and their keys; `join` says whether the keys follow each other or are alternatives. */
function SheetList({ lines, join }: { lines: readonly Line[]; join: 'then' | 'or' }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
      {lines.map((line) => (
        <div key={line.id} className="contents">
          <dt>{line.label}</dt>
          <dd className="flex items-center gap-1 justify-self-end">
            {line.keys.map((key, index) => (
              <span key={key} className="flex items-center gap-1">
                {index > 0 ? <span className="text-muted-foreground text-xs">{join}</span> : null}
                <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

import { SearchIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useCommandPalette } from './command-provider.tsx';

/** The top bar's way into the command palette, for the mouse and for those who do not know Ctrl+K. */
export function SearchButton() {
  const { openPalette } = useCommandPalette();
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-8 gap-2 text-muted-foreground"
      onClick={openPalette}
      aria-keyshortcuts="Control+K Meta+K /"
    >
      <SearchIcon aria-hidden="true" />
      <span className="hidden sm:inline">{t('Search…')}</span>
      <span className="sr-only sm:hidden">{t('Search')}</span>
      <kbd className="pointer-events-none hidden rounded border bg-muted px-1.5 font-mono text-[10px] sm:inline">
        Ctrl K
      </kbd>
    </Button>
  );
}

import { Download } from 'lucide-react';
import { t } from '../lib/i18n/index.ts';
import { Button } from './ui/button.tsx';

/** An icon button that downloads a stored file (a product's document, a task's file), named for it. */
export function DownloadButton({
  href,
  fileName,
  title,
}: {
  href: string;
  fileName: string;
  title?: string;
}) {
  return (
    <Button asChild variant="ghost" size="icon" className="size-8">
      <a
        href={href}
        download={fileName}
        aria-label={t('Download {{name}}', { name: fileName })}
        title={title}
      >
        <Download aria-hidden="true" />
      </a>
    </Button>
  );
}

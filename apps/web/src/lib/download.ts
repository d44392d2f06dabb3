// Downloads that the app fetches itself (reports, list exports): the server's file name, and a
// Blob handed to the browser as a file.

/** The file name of `Content-Disposition: attachment; filename="…"` (or filename*=UTF-8''…). */
export function attachmentFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started reading it (revoking at once can cancel the download).
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn in the browser as one SVG path (the otpauth:// secret never leaves the page).
 * Only the lazily loaded two-factor screens import this, so the encoder is in their chunks alone.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    const cells: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { size: qr.size, path: cells.join('') };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

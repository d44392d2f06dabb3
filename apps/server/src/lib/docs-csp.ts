import { createHash } from 'node:crypto';

// The API docs page (/api/docs, Scalar) starts with an inline script, which the app's CSP
// (script-src 'self') refuses. Rather than no CSP at all, the page gets its own: the inline
// scripts it actually sends are allowed by their SHA-256 hash, everything else comes from this
// origin, it calls only this origin's API, and it loads no font from elsewhere.

const inlineScript = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The 'sha256-…' source of every inline script in the HTML. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(inlineScript)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

// Scalar's bundled zod probes `new Function('')` once (in a try/catch) to decide whether it may
// compile validators; without 'unsafe-eval' the probe is refused, reported as a violation, and
// zod validates without generated code. That refusal is the point, so the policy keeps it.

/** The docs page's Content-Security-Policy for the payload about to be sent. */
export function docsContentSecurityPolicy(payload: unknown): string {
  const hashes = typeof payload === 'string' ? inlineScriptHashes(payload) : [];
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    // Scalar sets style attributes and injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

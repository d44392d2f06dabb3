/**
 * The reasons the delivery log may show (GET /api/services/{id}/deliveries): fixed texts that say
 * what went wrong without naming an address, a port or a host the server resolved.
 */
export const deliveryErrors = {
  private: 'refused: the address is private',
  notAllowed: 'refused: the webhook URL is not allowed',
  dns: 'DNS lookup failed',
  refused: 'connection refused',
  tls: 'TLS handshake failed',
  failed: 'connection failed',
  unknown: 'delivery failed',
} as const;

const knownErrors = new Set<string>(Object.values(deliveryErrors));

/**
 * A stored reason as the delivery log answers it: one of the fixed texts, `HTTP nnn`, a timeout
 * or a PermanentFailure's own sentence pass; anything else (a row written before the texts were
 * made generic) reads as 'delivery failed'.
 */
export function publicDeliveryError(stored: string | null): string | null {
  if (stored === null) return null;
  if (knownErrors.has(stored) || /^HTTP \d{3}$/.test(stored) || /^timed out after [\d.]+ s$/.test(stored)) {
    return stored;
  }
  if (/^The (service|destination|task|product) [a-z ]+\.$/.test(stored)) return stored;
  return deliveryErrors.unknown;
}

export function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string };
  // AbortSignal.any passes the timeout's reason on: a TimeoutError, or an AbortError carrying it.
  const cause = (err as { cause?: { name?: string } })?.cause;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || cause?.name === 'TimeoutError') {
    return `timed out after ${timeoutMs / 1000} s`;
  }
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL') return deliveryErrors.dns;
  if (code === 'ECONNREFUSED') return deliveryErrors.refused;
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code))
    return deliveryErrors.tls;
  return deliveryErrors.failed;
}

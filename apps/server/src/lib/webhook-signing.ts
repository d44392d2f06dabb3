import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// How a webhook POST is signed (docs/decisions/008-webhooks.md). The receiver recomputes
//   HMAC-SHA256(secret, `${X-Shipyard-Timestamp}.${raw body}`)
// and compares it, in constant time, with the hex after 'sha256=' in X-Shipyard-Signature; it
// refuses a timestamp too far from its clock, so a captured request cannot be replayed later.

export const WEBHOOK_HEADERS = {
  event: 'x-shipyard-event',
  delivery: 'x-shipyard-delivery',
  timestamp: 'x-shipyard-timestamp',
  signature: 'x-shipyard-signature',
} as const;

/** How far a receiver should let a timestamp be from its own clock. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A new signing secret: 256 random bits, with a prefix that says what it is. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The signed string: the timestamp (Unix seconds), a dot, and the body exactly as sent. */
const signedPayload = (timestamp: number, body: string) => `${timestamp}.${body}`;

/** 'sha256=<hex>': the X-Shipyard-Signature value. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(signedPayload(timestamp, body)).digest('hex')}`;
}

/** What a receiver does: the signature matches and the timestamp is recent. */
export function verifyWebhookSignature(input: {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  now?: Date;
  toleranceSeconds?: number;
}): boolean {
  const { secret, body, signature } = input;
  if (!input.timestamp || !/^\d+$/.test(input.timestamp) || !signature) return false;
  const timestamp = Number(input.timestamp);
  const now = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

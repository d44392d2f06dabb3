import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signWebhook, verifyWebhookSignature } from './webhook-signing.ts';

describe('webhook signatures', () => {
  const secret = newSigningSecret();
  const body = '{"id":"d-1","event":"task.created"}';
  const now = new Date('2026-03-01T12:00:00Z');
  const timestamp = Math.floor(now.getTime() / 1000);

  it('is sha256= and the hex HMAC-SHA256 of "<timestamp>.<body>" under the secret', () => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    expect(signWebhook(secret, timestamp, body)).toBe(`sha256=${expected}`);
  });

  it('makes secrets of 256 random bits with a whsec_ prefix', () => {
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it('verifies a good signature, and refuses another body, secret, timestamp or an old one', () => {
    const signature = signWebhook(secret, timestamp, body);
    const ok = { secret, body, timestamp: String(timestamp), signature, now };
    expect(verifyWebhookSignature(ok)).toBe(true);
    expect(verifyWebhookSignature({ ...ok, body: `${body} ` })).toBe(false);
    expect(verifyWebhookSignature({ ...ok, secret: newSigningSecret() })).toBe(false);
    expect(verifyWebhookSignature({ ...ok, timestamp: String(timestamp + 1) })).toBe(false);
    expect(verifyWebhookSignature({ ...ok, now: new Date(now.getTime() + 301_000) })).toBe(false);
    expect(verifyWebhookSignature({ ...ok, signature: undefined })).toBe(false);
    expect(verifyWebhookSignature({ ...ok, signature: 'sha256=00' })).toBe(false);
  });
});

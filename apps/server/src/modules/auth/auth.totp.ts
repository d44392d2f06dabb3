import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../../lib/crypto.ts';

// TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app expects) and recovery codes
// (decision 013). The clock is always handed in, so tests run on a fixed one.

const PERIOD = 30;
const DIGITS = 6;
/** One step either side: a phone a little fast or slow, or a code typed as it changed. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: 'Shipyard',
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** 160 random bits in base32: the key an authenticator app stores. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secret: string, account: string) => totp(secret, account).toString();

/** The time step a 6-digit code is valid for at `now` (±1 step), or undefined. */
export function matchTotp(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const timestamp = now.getTime();
  const delta = totp(secret).validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** The code an authenticator shows at `now` (tests and the e2e test use the same function). */
export const totpAt = (secret: string, now: Date) => totp(secret).generate({ timestamp: now.getTime() });

// No look-alike characters: a code read from paper can be typed back. 31 symbols × 12 ≈ 59 bits.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
}

/** What is stored of a recovery code: bound to its account, spaces, dashes and case ignored. */
export const recoveryCodeHash = (userId: string, code: string) =>
  sha256(`recovery:${userId}:${code.toLowerCase().replace(/[\s-]/g, '')}`);

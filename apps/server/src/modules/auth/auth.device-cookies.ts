import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../../lib/secrets.ts';
import { setSessionCookie } from '../../lib/session.ts';
import type { AuthThrottle, LoginSource } from './auth.throttle.ts';

// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; issue 27 #14,
// decision 010): every sign-in leaves this browser a cookie naming the account and a random
// device id, signed with the instance key. A login attempt that carries a valid one for the
// account it names is counted on that device alone, so guessers elsewhere never hold the owner's
// browser back. One browser keeps an entry for each of the last few accounts signed in from it.

const DEVICE_COOKIE = 'sy-device';
/** Only the login calls read it (the two-factor second step's path is below this one). */
const COOKIE_PATH = '/api/auth/login';
const MAX_AGE_S = 180 * 24 * 60 * 60;
const ENTRIES_MAX = 5;
/** `<device id: 128 bits>.<HMAC-SHA256>`, base64url. */
const ENTRY = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

export function createDeviceCookies({
  secrets,
  throttle,
  secure,
}: {
  secrets: Pick<SecretBox, 'sign'>;
  throttle: Pick<AuthThrottle, 'signedIn'>;
  secure: boolean;
}) {
  const mac = (email: string, id: string) => secrets.sign(`device-cookie.v1.${email}.${id}`);
  const entries = (value: string | undefined) =>
    (value ?? '')
      .split('~')
      .filter((entry) => ENTRY.test(entry))
      .slice(0, ENTRIES_MAX);
  /** The device id of an entry made for this account, else undefined. */
  const idFor = (entry: string, email: string) => {
    const [id = '', signature = ''] = entry.split('.');
    const expected = Buffer.from(mac(email, id));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  };

  return {
    /** Where a login attempt for `email` comes from: its address, and its device if it has one for that account. */
    sourceOf(req: FastifyRequest, email: string): LoginSource {
      const entry = entries(req.cookies[DEVICE_COOKIE]).find((e) => idFor(e, email));
      return { ip: req.ip, device: entry ? idFor(entry, email) : undefined };
    },

    /**
     * A sign-in from this request: the session cookie, a new device entry for the account (older
     * ones for it dropped, other accounts' kept), and the address remembered as one it used.
     */
    async signIn(
      req: FastifyRequest,
      reply: FastifyReply,
      session: { token: string; user: { email: string } },
    ) {
      const { email } = session.user;
      setSessionCookie(reply, session.token, secure);
      const id = randomBytes(16).toString('base64url');
      const others = entries(req.cookies[DEVICE_COOKIE]).filter((e) => !idFor(e, email));
      const value = [`${id}.${mac(email, id)}`, ...others].slice(0, ENTRIES_MAX).join('~');
      reply.setCookie(DEVICE_COOKIE, value, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: COOKIE_PATH,
        maxAge: MAX_AGE_S,
      });
      await throttle.signedIn(email, req.ip);
    },
  };
}

import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { pushVapidKeys } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secrets.ts';

// The instance's VAPID key pair (RFC 8292; docs/decisions/050-web-push.md): VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY when set; otherwise made once, at the first use, and kept in push_vapid_keys
// with the private key encrypted by the secret box. Several processes may make one at once: the
// first insert wins and every process reads that one back.

export type VapidKeys = { publicKey: string; privateKey: string };

const CONTEXT = 'push_vapid_keys.private_key';

export function createVapidKeys(db: Db, secrets: SecretBox, configured: VapidKeys | undefined) {
  let loading: Promise<VapidKeys> | undefined;

  async function load(): Promise<VapidKeys> {
    if (configured) return configured;
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(pushVapidKeys)
      .values({
        id: 1,
        publicKey: made.publicKey,
        privateKeyEncrypted: secrets.encrypt(made.privateKey, CONTEXT),
      })
      .onConflictDoNothing();
    const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
    if (!row) throw new Error('push: the VAPID key pair was not stored');
    return { publicKey: row.publicKey, privateKey: secrets.decrypt(row.privateKeyEncrypted, CONTEXT) };
  }

  /** The pair, read once per process; a failed read (database down) is tried again next time. */
  return (): Promise<VapidKeys> => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
export type VapidKeyStore = ReturnType<typeof createVapidKeys>;

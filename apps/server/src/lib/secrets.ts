import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// Secrets at rest (service API keys, webhook signing secrets): AES-256-GCM under a key derived
// from APP_SECRET, or from a random key kept in DATA_DIR/secret.key (mode 0600) when APP_SECRET
// is unset (docs/decisions/008-webhooks.md). The stored form is
// `v1.<iv>.<ciphertext>.<tag>` (base64url), and each value is bound to where it is stored
// (`context`, e.g. 'services.api_key:<id>') as GCM's additional data: a ciphertext copied into
// another row or column does not decrypt.

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_FILE = 'secret.key';

export type SecretBox = {
  encrypt: (plaintext: string, context: string) => string;
  /** The plaintext, or an error when the value was not made by this key for this context. */
  decrypt: (stored: string, context: string) => string;
  /** An HMAC-SHA256 of `message` (base64url) under a key of its own, for links that need no sign-in. */
  sign: (message: string) => string;
};

export class SecretDecryptError extends Error {}

/** A box over 32 bytes of key material (APP_SECRET's text or secret.key's bytes). */
export function createSecretBox(material: string | Buffer): SecretBox {
  // HKDF, not the material itself: an APP_SECRET of any length and alphabet becomes 32
  // uniformly random bytes, reserved to this one use by the info string.
  const key = Buffer.from(hkdfSync('sha256', material, 'shipyard', 'shipyard secrets at rest v1', 32));
  const macKey = Buffer.from(hkdfSync('sha256', material, 'shipyard', 'shipyard signed links v1', 32));
  return {
    sign: (message) => createHmac('sha256', macKey).update(message, 'utf8').digest('base64url'),
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, ciphertext, tag]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored, context) {
      const [version, iv, ciphertext, tag, ...rest] = stored.split('.');
      if (version !== VERSION || !iv || ciphertext === undefined || !tag || rest.length) {
        throw new SecretDecryptError('not a stored secret');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretDecryptError('the secret does not decrypt with this key (was APP_SECRET changed?)');
      }
    },
  };
}

/**
 * The box of this instance: APP_SECRET when set; otherwise DATA_DIR/secret.key, created at the
 * first start with 32 random bytes and mode 0600. Creation is exclusive, so two processes
 * starting at once on one DATA_DIR end up with the same key.
 */
export async function loadSecretBox(options: {
  appSecret: string | undefined;
  dataDir: string;
}): Promise<SecretBox> {
  if (options.appSecret) return createSecretBox(options.appSecret);
  const file = path.join(options.dataDir, SECRET_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) {
    // An older install may have it wider (issue 27 #11); a file that is not ours stays as it is.
    await fs.chmod(file, 0o600).catch(() => {});
    return createSecretBox(existing);
  }

  await fs.mkdir(options.dataDir, { recursive: true });
  // Written whole under a temporary name, then linked into place: link() fails if the key exists,
  // so a second process never replaces it, and nobody ever reads a half-written file.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await fs.link(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(temporary, { force: true });
  }
  const created = await readKeyFile(file);
  if (!created) throw new Error(`${file} could not be created`);
  return createSecretBox(created);
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) {
    throw new Error(`${file} does not hold a 32-byte base64 key; restore it, or set APP_SECRET`);
  }
  return key;
}

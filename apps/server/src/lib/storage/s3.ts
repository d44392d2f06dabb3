import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { checkName, type Storage, storageUnavailable, sumSizes, type WarnLog } from './files.ts';

/** Parts of a multipart upload: S3's minimum, so one upload holds at most two parts in memory. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The AWS SDK (about 25 MB of memory) is loaded with the first call to the bucket, not at start:
 * a server storing files on disk never loads it (issue 17).
 */
const loadSdk = async () => {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
};
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** No such object; a missing bucket (also a 404) is a misconfiguration, answered 503. */
const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Objects `<area>/<name>` in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …). A failure of
 * the bucket itself (unreachable, credentials refused) is logged and answered 503.
 */
export function createS3Storage(s3: S3Config, log?: WarnLog): Storage {
  let connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => {
    connected ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: s3.url,
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        credentials: s3.credentials,
      }),
    }));
    return connected;
  };
  const Bucket = s3.bucket;
  const unavailable = (err: unknown) => {
    log?.warn({ err, bucket: Bucket }, 'file storage unavailable');
    return storageUnavailable();
  };
  /** The bucket's answer, or a 503 for anything but "no such key" (undefined). */
  async function ask<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw unavailable(err);
    }
  }
  const keyOf = (area: string, name: string) => {
    checkName(area, name);
    return `${area}/${name}`;
  };
  const remove = async (area: string, name: string) => {
    const Key = keyOf(area, name);
    const { sdk, client } = await connect();
    await ask(() => client.send(new sdk.DeleteObjectCommand({ Bucket, Key })));
  };

  async function* list(area: string) {
    const Prefix = keyOf(area, 'probe').replace(/probe$/, '');
    const { sdk, client } = await connect();
    let ContinuationToken: string | undefined;
    do {
      const page = await ask(() =>
        client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })),
      );
      for (const object of page?.Contents ?? []) {
        const name = object.Key?.slice(Prefix.length);
        if (name && !name.includes('/')) yield { name, size: object.Size ?? 0 };
      }
      ContinuationToken = page?.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    async write(area, name, body) {
      const Key = keyOf(area, name);
      let size = 0;
      let bodyError: unknown;
      async function* counted() {
        try {
          for await (const chunk of body) {
            size += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        } catch (err) {
          bodyError = err;
          throw err;
        }
      }
      const { sdk, client } = await connect();
      const upload = new sdk.Upload({
        client,
        params: { Bucket, Key, Body: Readable.from(counted()) },
        partSize: PART_BYTES,
        queueSize: 1,
      });
      try {
        await upload.done();
      } catch (err) {
        // The SDK aborts a multipart upload itself; a failure of that abort (some servers do not
        // implement it) must not hide why the upload stopped (an over-limit body: a 413).
        if (bodyError) {
          await remove(area, name).catch(() => {});
          throw bodyError;
        }
        throw unavailable(err);
      }
      return size;
    },
    async read(area, name) {
      const Key = keyOf(area, name);
      const { sdk, client } = await connect();
      const got = await ask(() => client.send(new sdk.GetObjectCommand({ Bucket, Key })));
      if (!got) return undefined;
      if (!(got.Body instanceof Readable)) throw unavailable(new Error('the bucket answered without a body'));
      return { size: got.ContentLength ?? 0, body: got.Body };
    },
    remove,
    async sizeOf(area, name) {
      const Key = keyOf(area, name);
      const { sdk, client } = await connect();
      const head = await ask(() => client.send(new sdk.HeadObjectCommand({ Bucket, Key })));
      return head ? (head.ContentLength ?? 0) : undefined;
    },
    list,
    usage: (area) => sumSizes(list(area)),
    close: () =>
      void connected?.then(
        ({ client }) => client.destroy(),
        () => {},
      ),
  };
}

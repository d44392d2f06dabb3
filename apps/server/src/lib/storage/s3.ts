import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.ts';
import { checkName, type Storage, sumSizes } from './files.ts';

/** Parts of a multipart upload: S3's minimum, so one upload holds at most two parts in memory. */
const PART_BYTES = 5 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Objects `<area>/<name>` in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …). */
export function createS3Storage(s3: S3Config): Storage {
  const client = new S3Client({
    endpoint: s3.url,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
  });
  const Bucket = s3.bucket;
  const keyOf = (area: string, name: string) => {
    checkName(area, name);
    return `${area}/${name}`;
  };
  const remove = async (area: string, name: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(area, name) }));
  };

  async function* list(area: string) {
    const Prefix = keyOf(area, 'probe').replace(/probe$/, '');
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(Prefix.length);
        if (name && !name.includes('/')) yield { name, size: object.Size ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
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
      const upload = new Upload({
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
        throw err;
      }
      return size;
    },
    async read(area, name) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(area, name) }));
        if (!(got.Body instanceof Readable)) throw new Error('the bucket answered without a body');
        return { size: got.ContentLength ?? 0, body: got.Body };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    remove,
    async sizeOf(area, name) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(area, name) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    list,
    usage: (area) => sumSizes(list(area)),
    close: () => client.destroy(),
  };
}

import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  contentTypeOf,
  isStoredFileName,
  newFileName,
  type FileKind,
  type FileStore,
  type StoredFile,
} from './files.js';

/** Where the objects live (README "Configuration", FILES_S3_*). */
export interface S3FileStoreOptions {
  bucket: string;
  /** Unset → AWS S3 itself; set for MinIO, Cloudflare R2, a local test server. */
  endpoint: string | null;
  region: string;
  /** Unset → the SDK's own chain (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `bucket` in the path instead of the host name: MinIO and most self-hosted servers need it. */
  forcePathStyle: boolean;
}

/** At most this many keys per DeleteObjects request (the S3 limit). */
const DELETE_BATCH = 1000;

/**
 * Files as objects in one bucket under `<area>/<name>` — the same layout as the disk store's
 * folders, so a site's purge is "delete every key under `<siteId>/`". Every instance behind the
 * load balancer sees the same files.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3FileStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
    });
  }

  async save(area: string, kind: FileKind, data: Buffer): Promise<string> {
    const name = newFileName(kind);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: `${area}/${name}`,
        Body: data,
        ContentType: contentTypeOf(name),
        ContentLength: data.length,
      }),
    );
    return name;
  }

  async open(area: string, name: string): Promise<StoredFile | null> {
    if (!isStoredFileName(name)) return null;
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: `${area}/${name}` }),
      );
      // In Node the body is an IncomingMessage: streamed to the client, never held whole.
      if (!(object.Body instanceof Readable)) return null;
      return {
        stream: object.Body,
        size: object.ContentLength ?? 0,
        // By extension, as on disk: the stored type is ours too, but the name is the authority.
        contentType: contentTypeOf(name),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(area: string, name: string): Promise<void> {
    if (!isStoredFileName(name)) return;
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: `${area}/${name}` }),
    );
  }

  async removeMany(area: string, names: readonly string[]): Promise<void> {
    await this.deleteKeys(names.filter(isStoredFileName).map((name) => `${area}/${name}`));
  }

  async removeArea(area: string): Promise<void> {
    if (!area || area.includes('/')) return;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${area}/`,
          ContinuationToken: token,
        }),
      );
      await this.deleteKeys((page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async deleteKeys(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

import fs from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The part of s3rver (a local server speaking the S3 protocol; it ships no types) we use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as S3rverClass;

export interface S3Server {
  /** FILES_S3_* for a server that keeps its files in this bucket. */
  env: Record<string, string>;
  /** Object keys in the bucket (`<area>/<name>`) under a prefix, sorted (first 1000). */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'siteledger-files';

/** s3rver on 127.0.0.1 (a random port) over a temporary folder, with one bucket. */
export async function startS3Server(): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const env = {
    FILES_S3_BUCKET: BUCKET,
    FILES_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    FILES_S3_REGION: 'us-east-1',
    // s3rver's fixed credentials; a bucket in the path since 127.0.0.1 has no sub-domains.
    FILES_S3_ACCESS_KEY_ID: 'S3RVER',
    FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
    FILES_S3_FORCE_PATH_STYLE: 'true',
  };
  // Our own look into the bucket, apart from the server's store.
  const client = new S3Client({
    region: env.FILES_S3_REGION,
    endpoint: env.FILES_S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    env,
    async keys(prefix = '') {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

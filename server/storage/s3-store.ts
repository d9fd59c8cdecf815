import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import type {
  ObjectStore,
  ObjectStream,
  PostPolicyOptions,
  PresignedPost,
  StoredObject,
} from "./object-store";

export type S3StoreOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2…); unset for Amazon S3. */
  endpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NotFound" || name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
}

/**
 * Any S3-compatible store (`S3_BUCKET` set). The browser posts uploads straight to the bucket with
 * a policy signed by @aws-sdk/s3-presigned-post; reads, writes and deletes go through the SDK.
 * Services that do not enforce `content-length-range` (s3rver) are covered by the size check on
 * the stored object before anything is converted (server/services/documents.ts).
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
    });
  }

  async presignPost(options: PostPolicyOptions): Promise<PresignedPost> {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: options.key,
      Conditions: [["content-length-range", options.minBytes, options.maxBytes]],
      Expires: options.expiresInSeconds,
    });
    return { url, fields };
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: found.ContentLength ?? 0, storedAt: found.LastModified ?? new Date() };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Uint8Array | null> {
    const found = await this.readStream(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(Buffer.from(chunk));
    return new Uint8Array(Buffer.concat(chunks));
  }

  async readStream(key: string): Promise<ObjectStream | null> {
    try {
      const found = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(found.Body instanceof Readable)) throw new Error("S3 GetObject did not answer a Node stream");
      return { stream: found.Body, size: found.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async write(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async uploadOrigin(): Promise<string> {
    // Signing is local (no request); the URL is the bucket's, whatever the key.
    const { url } = await this.presignPost({
      key: "origin-probe",
      minBytes: 1,
      maxBytes: 1,
      expiresInSeconds: 1,
    });
    return new URL(url).origin;
  }

  close(): void {
    this.client.destroy();
  }
}

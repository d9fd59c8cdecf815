import type { Readable } from "node:stream";

// The object store behind documents (decision 0009): local disk by default, any S3-compatible
// store at scale. Uploads go from the browser straight to the store with a signed POST policy;
// the server reads them for conversion, writes the PDFs, streams them to the applicant and
// removes them. Keys are made by the server (server/storage/object-keys.ts), never from names.

export type PresignedPost = { url: string; fields: Record<string, string> };

export type PostPolicyOptions = {
  key: string;
  /** content-length-range (spec §9: 1..1,048,576 bytes). */
  minBytes: number;
  maxBytes: number;
  expiresInSeconds: number;
};

export type ObjectStream = { stream: Readable; size: number };

export type StoredObject = { size: number; storedAt: Date };

export interface ObjectStore {
  readonly kind: "local" | "s3";
  /** A signed upload the browser posts as multipart/form-data: `fields`, then the file as `file`. */
  presignPost(options: PostPolicyOptions): Promise<PresignedPost>;
  /** The stored size and when the object was written, or null when there is no such object. */
  head(key: string): Promise<StoredObject | null>;
  /** The whole object (documents are at most 1 MB), or null when there is none. */
  read(key: string): Promise<Uint8Array | null>;
  /** The object as a stream with its size, for serving it; null when there is none. */
  readStream(key: string): Promise<ObjectStream | null>;
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the object; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** The origin the browser posts uploads to when it is not ours (the page's CSP must allow it). */
  uploadOrigin(): Promise<string | undefined>;
  /** Releases connections (the S3 client's sockets). */
  close(): void;
}

/** Spec §9 upload limits as the store enforces them, and how long a signed upload stays valid. */
export const UPLOAD_POLICY_SECONDS = 10 * 60;

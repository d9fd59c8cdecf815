import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type {
  ObjectStore,
  ObjectStream,
  PostPolicyOptions,
  PresignedPost,
  StoredObject,
} from "./object-store";
import { type PolicyCredentials, signPostPolicy } from "./post-policy";

/** Our upload endpoint (server/routes/uploads.ts): outside /api/, the browser posts it no-cors. */
export const LOCAL_UPLOAD_PATH = "/files/upload";
/** The bucket name local policies carry, so their fields have the shape S3's have. */
export const LOCAL_BUCKET = "local";

/** A file grew past the limit while it was being received. */
export class UploadTooLarge extends Error {}

/** Keys as object-keys.ts makes them: no empty, dot or dot-dot segment, nothing outside the root. */
const SAFE_KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT";
}

/**
 * Objects as files under `root` (DATA_DIR/objects), one file per key. Uploads come through our own
 * endpoint, which checks the signed policy exactly as S3 would (post-policy.ts) before it writes.
 * Writes go to a temporary file first and are renamed into place, so a reader never sees half a file.
 */
export class LocalDiskStore implements ObjectStore {
  readonly kind = "local";

  constructor(
    private readonly root: string,
    readonly credentials: PolicyCredentials,
    private readonly clock: () => Date,
  ) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe object key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split("/"));
  }

  async presignPost(options: PostPolicyOptions): Promise<PresignedPost> {
    const fields = signPostPolicy(this.credentials, {
      bucket: LOCAL_BUCKET,
      key: options.key,
      minBytes: options.minBytes,
      maxBytes: options.maxBytes,
      expiresInSeconds: options.expiresInSeconds,
      now: this.clock(),
    });
    return { url: LOCAL_UPLOAD_PATH, fields };
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, storedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async readStream(key: string): Promise<ObjectStream | null> {
    const found = await this.head(key);
    if (!found) return null;
    return { stream: createReadStream(this.pathOf(key)), size: found.size };
  }

  async write(key: string, bytes: Uint8Array): Promise<void> {
    await this.writeAtomically(key, (temporary) => writeFile(temporary, bytes, { flag: "wx" }));
  }

  /**
   * Stores a stream, refusing it (UploadTooLarge, nothing kept) as soon as it passes `maxBytes` or
   * the stream reports it was truncated.
   * Answers the number of bytes stored.
   */
  async writeStream(key: string, source: Readable, maxBytes: number): Promise<number> {
    let size = 0;
    await this.writeAtomically(key, async (temporary) => {
      source.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) source.destroy(new UploadTooLarge(`more than ${maxBytes} bytes`));
      });
      await pipeline(source, createWriteStream(temporary, { flags: "wx" }));
      // A multipart parser with its own size limit cuts the file short and says so.
      if ((source as Readable & { truncated?: boolean }).truncated) {
        throw new UploadTooLarge(`more than ${maxBytes} bytes`);
      }
    });
    return size;
  }

  private async writeAtomically(
    key: string,
    writeTo: (temporary: string) => Promise<unknown>,
  ): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString("hex")}.part`;
    try {
      await writeTo(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * For each directory under `prefix` (an applicant's, under `applicants/`), the keys of the files
   * in it written before `before`, unfinished writes (`.part`) included; directories with none are
   * skipped. One directory at a time, so a sweep holds one applicant's names, never the store's.
   */
  async *objectsWrittenBefore(
    prefix: string,
    before: Date,
  ): AsyncGenerator<{ name: string; keys: string[] }> {
    const parent = this.pathOf(prefix.replace(/\/$/, ""));
    const names = await readdir(parent).catch((error: unknown) => {
      if (isMissing(error)) return [] as string[];
      throw error;
    });
    for (const name of names) {
      const keys: string[] = [];
      const directory = path.join(parent, name);
      const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtime < before) keys.push(path.relative(this.root, file).split(path.sep).join("/"));
      }
      if (keys.length > 0) yield { name, keys };
    }
  }

  async uploadOrigin(): Promise<undefined> {
    return undefined;
  }

  close(): void {}
}

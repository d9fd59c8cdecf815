import path from "node:path";
import type { S3Config } from "../config";
import type { Database } from "../db/database";
import { sharedSecret } from "../services/secrets";
import { LocalDiskStore } from "./local-disk-store";
import type { ObjectStore } from "./object-store";

/**
 * The store the configuration asks for: the S3 bucket when `S3_BUCKET` is set, else local disk
 * under `DATA_DIR/objects`, whose upload policies are signed with a key kept in the database, so
 * every process on it (API and workers) signs and verifies alike.
 */
export async function createObjectStore(options: {
  s3: S3Config | undefined;
  dataDir: string;
  db: Database;
  clock: () => Date;
}): Promise<ObjectStore> {
  if (options.s3) {
    // The AWS SDK is large: loaded only when a bucket is configured.
    const { S3ObjectStore } = await import("./s3-store");
    const { bucket, region, endpoint, forcePathStyle, credentials } = options.s3;
    return new S3ObjectStore({ bucket, region, endpoint, forcePathStyle, credentials });
  }
  const secret = await sharedSecret(options.db, "upload-policy");
  return new LocalDiskStore(
    path.resolve(options.dataDir, "objects"),
    { accessKeyId: "local", secretAccessKey: secret.toString("base64url"), region: "local" },
    options.clock,
  );
}

import { S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { describe, expect, it } from "vitest";
import { type PolicyCredentials, signPostPolicy, verifyPostPolicy } from "./post-policy";

const credentials: PolicyCredentials = {
  accessKeyId: "local",
  secretAccessKey: "s3cr3t-key",
  region: "local",
};
const BUCKET = "local";
const KEY = "applicants/u1/uploads/transcript/abcdefghijklmnopqrstuv";
const NOW = new Date("2026-03-01T12:00:00.000Z");

function signed(overrides: Partial<Parameters<typeof signPostPolicy>[1]> = {}) {
  return signPostPolicy(credentials, {
    bucket: BUCKET,
    key: KEY,
    minBytes: 1,
    maxBytes: 1_048_576,
    expiresInSeconds: 600,
    now: NOW,
    ...overrides,
  });
}

function verify(fields: Record<string, string>, now = NOW) {
  return verifyPostPolicy(credentials, BUCKET, Object.entries(fields), now);
}

function policyOf(fields: Record<string, string>) {
  return JSON.parse(Buffer.from(fields.Policy ?? "", "base64").toString("utf8"));
}

describe("signed POST policies (S3 Signature Version 4)", () => {
  it("accepts its own fields and returns the key and the content-length-range to enforce", () => {
    expect(verify(signed())).toEqual({ ok: true, key: KEY, minBytes: 1, maxBytes: 1_048_576 });
  });

  it("binds the exact key, the size range and a 10-minute expiry into the policy", () => {
    const policy = policyOf(signed());
    expect(policy.expiration).toBe("2026-03-01T12:10:00.000Z");
    expect(policy.conditions).toContainEqual({ key: KEY });
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 1_048_576]);
  });

  it("verifies a policy made by @aws-sdk/s3-presigned-post with the same credentials, as S3 would", async () => {
    const client = new S3Client({
      region: credentials.region,
      credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
      endpoint: "http://127.0.0.1:9",
      forcePathStyle: true,
    });
    const { fields } = await createPresignedPost(client, {
      Bucket: BUCKET,
      Key: KEY,
      Conditions: [["content-length-range", 1, 2048]],
      Expires: 600,
    });
    expect(verify(fields, new Date())).toEqual({ ok: true, key: KEY, minBytes: 1, maxBytes: 2048 });
    client.destroy();
  });

  it("refuses an expired policy", () => {
    const result = verify(signed(), new Date(NOW.getTime() + 600_000));
    expect(result).toMatchObject({
      ok: false,
      statusCode: 403,
      message: expect.stringContaining("Policy expired"),
    });
    expect(verify(signed(), new Date(NOW.getTime() + 599_999)).ok).toBe(true);
  });

  it("refuses a forged signature", () => {
    const fields = { ...signed(), "X-Amz-Signature": "0".repeat(64) };
    expect(verify(fields)).toMatchObject({ ok: false, statusCode: 403, code: "SignatureDoesNotMatch" });
  });

  it("refuses a policy tampered with (a larger size range re-encoded under the old signature)", () => {
    const fields = signed();
    const policy = policyOf(fields);
    policy.conditions[0] = ["content-length-range", 1, 100 * 1_048_576];
    const tampered = { ...fields, Policy: Buffer.from(JSON.stringify(policy)).toString("base64") };
    expect(verify(tampered)).toMatchObject({ ok: false, statusCode: 403, code: "SignatureDoesNotMatch" });
  });

  it("refuses a policy signed with another key", () => {
    const other = signPostPolicy(
      { ...credentials, secretAccessKey: "another" },
      {
        bucket: BUCKET,
        key: KEY,
        minBytes: 1,
        maxBytes: 10,
        expiresInSeconds: 600,
        now: NOW,
      },
    );
    expect(verify(other)).toMatchObject({ ok: false, code: "SignatureDoesNotMatch" });
  });

  it("refuses a key that differs from the signed one", () => {
    const fields = { ...signed(), key: "applicants/u2/uploads/transcript/abcdefghijklmnopqrstuv" };
    expect(verify(fields)).toMatchObject({
      ok: false,
      statusCode: 403,
      message: expect.stringContaining("key"),
    });
  });

  it("refuses fields the policy does not name, except x-ignore-*", () => {
    expect(verify({ ...signed(), "Content-Type": "text/html" })).toMatchObject({
      ok: false,
      statusCode: 403,
      message: expect.stringContaining("Extra input fields: content-type"),
    });
    expect(verify({ ...signed(), "x-ignore-note": "anything" }).ok).toBe(true);
  });

  it("refuses an upload without key, signature or a known access key", () => {
    const { key: _key, ...withoutKey } = signed();
    expect(verify(withoutKey)).toMatchObject({ ok: false, statusCode: 400 });
    const { "X-Amz-Signature": _signature, ...unsigned } = signed();
    expect(verify(unsigned)).toMatchObject({ ok: false, statusCode: 403 });
    const fields = signed();
    const stranger = {
      ...fields,
      "X-Amz-Credential": fields["X-Amz-Credential"]?.replace(/^local/, "someone") ?? "",
    };
    expect(verify(stranger)).toMatchObject({ ok: false, code: "InvalidAccessKeyId" });
  });

  it("compares field names without case, and refuses a field sent twice", () => {
    const fields = signed();
    const lower = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(verify(lower).ok).toBe(true);
    const twice = [...Object.entries(fields), ["KEY", KEY] as [string, string]];
    expect(verifyPostPolicy(credentials, BUCKET, twice, NOW)).toMatchObject({ ok: false, statusCode: 400 });
  });
});

import { createHmac, timingSafeEqual } from "node:crypto";

// Browser-based uploads with a signed POST policy, as Amazon S3 defines them (Signature Version 4):
// the server signs a base64 JSON policy (an expiry and conditions on every form field); the
// browser posts the fields and the file as multipart/form-data; the store checks the signature,
// the expiry and each condition before it keeps a byte. The local-disk store signs and verifies
// with these functions; an S3 store gets the same fields from @aws-sdk/s3-presigned-post, so the
// client cannot tell them apart (decision 0009).

export const POST_POLICY_ALGORITHM = "AWS4-HMAC-SHA256";

export type PolicyCredentials = { accessKeyId: string; secretAccessKey: string; region: string };

export type PostPolicyRequest = {
  bucket: string;
  key: string;
  /** content-length-range: the smallest and largest file accepted, in bytes. */
  minBytes: number;
  maxBytes: number;
  expiresInSeconds: number;
  now: Date;
};

/** `20260102T030405Z`, the signing time format of SigV4. */
function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** The SigV4 signing key of a day, region and the s3 service. */
function signingKey(credentials: PolicyCredentials, shortDate: string, region: string): Buffer {
  const dateKey = hmac(`AWS4${credentials.secretAccessKey}`, shortDate);
  return hmac(hmac(hmac(dateKey, region), "s3"), "aws4_request");
}

/** The form fields of a signed upload: the browser posts them unchanged, then the file. */
export function signPostPolicy(
  credentials: PolicyCredentials,
  request: PostPolicyRequest,
): Record<string, string> {
  const date = amzDate(request.now);
  const shortDate = date.slice(0, 8);
  const fields: Record<string, string> = {
    bucket: request.bucket,
    "X-Amz-Algorithm": POST_POLICY_ALGORITHM,
    "X-Amz-Credential": `${credentials.accessKeyId}/${shortDate}/${credentials.region}/s3/aws4_request`,
    "X-Amz-Date": date,
    key: request.key,
  };
  const expiration = new Date(request.now.getTime() + request.expiresInSeconds * 1000);
  const policy = {
    expiration: expiration.toISOString(),
    conditions: [
      ["content-length-range", request.minBytes, request.maxBytes],
      ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy), "utf8").toString("base64");
  const signature = hmac(signingKey(credentials, shortDate, credentials.region), encoded).toString("hex");
  return { ...fields, Policy: encoded, "X-Amz-Signature": signature };
}

export type PolicyRefusal = { ok: false; statusCode: 400 | 403; code: string; message: string };
export type PolicyAccepted = {
  ok: true;
  key: string;
  /** The policy's content-length-range, checked against the file once it is received. */
  minBytes: number;
  maxBytes: number;
};

function refuse(statusCode: 400 | 403, code: string, message: string): PolicyRefusal {
  return { ok: false, statusCode, code, message };
}

/** Fields S3 leaves out of the "every field needs a condition" rule. */
function isExemptField(name: string): boolean {
  return name === "policy" || name === "x-amz-signature" || name === "file" || name.startsWith("x-ignore-");
}

type Condition =
  | { kind: "match"; field: string; value: string; exact: boolean }
  | { kind: "range"; min: number; max: number };

/** One policy condition, or undefined when it is not one S3 understands. */
function parseCondition(raw: unknown): Condition | undefined {
  if (Array.isArray(raw)) {
    const [operator, first, second] = raw;
    if (raw.length !== 3) return undefined;
    if (operator === "content-length-range") {
      return Number.isSafeInteger(first) && Number.isSafeInteger(second) && first >= 0 && second >= first
        ? { kind: "range", min: first, max: second }
        : undefined;
    }
    if ((operator === "eq" || operator === "starts-with") && typeof first === "string") {
      if (!first.startsWith("$") || typeof second !== "string") return undefined;
      return { kind: "match", field: first.slice(1).toLowerCase(), value: second, exact: operator === "eq" };
    }
    return undefined;
  }
  if (typeof raw === "object" && raw !== null) {
    const entries = Object.entries(raw);
    const [entry] = entries;
    if (entries.length !== 1 || !entry || typeof entry[1] !== "string") return undefined;
    return { kind: "match", field: entry[0].toLowerCase(), value: entry[1], exact: true };
  }
  return undefined;
}

function decodePolicy(encoded: string): { expiration: Date; conditions: Condition[] } | undefined {
  try {
    const policy: unknown = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
    if (typeof policy !== "object" || policy === null) return undefined;
    const { expiration, conditions } = policy as Record<string, unknown>;
    if (typeof expiration !== "string" || !Array.isArray(conditions)) return undefined;
    const expiresAt = new Date(expiration);
    const parsed = conditions.map(parseCondition);
    if (Number.isNaN(expiresAt.getTime()) || parsed.some((c) => c === undefined)) return undefined;
    return { expiration: expiresAt, conditions: parsed as Condition[] };
  } catch {
    return undefined;
  }
}

function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks the form fields that came before the file, as S3 does: the signature over the policy
 * (with our key, region and the credential's date), the expiry, every condition (exact values,
 * prefixes; `bucket` against ours), and that no field is left without a condition. Field names are
 * compared without case. The content-length-range is returned for the caller to enforce on the
 * file itself.
 */
export function verifyPostPolicy(
  credentials: PolicyCredentials,
  bucket: string,
  formFields: readonly (readonly [string, string])[],
  now: Date,
): PolicyAccepted | PolicyRefusal {
  const fields = new Map<string, string>();
  for (const [name, value] of formFields) {
    const lower = name.toLowerCase();
    if (fields.has(lower)) return refuse(400, "InvalidArgument", `The field ${name} was sent twice.`);
    fields.set(lower, value);
  }
  // The bucket is the store's own (S3 takes it from the URL); a bucket field must name it.
  if ((fields.get("bucket") ?? bucket) !== bucket) {
    return refuse(400, "InvalidArgument", "The upload names another bucket.");
  }
  fields.set("bucket", bucket);
  const key = fields.get("key");
  const encoded = fields.get("policy");
  const signature = fields.get("x-amz-signature");
  const credential = fields.get("x-amz-credential");
  if (!key) return refuse(400, "InvalidArgument", "Bucket POST must contain a field named 'key'.");
  if (!encoded || !signature || !credential || !fields.get("x-amz-date")) {
    return refuse(
      403,
      "AccessDenied",
      "The upload is not signed: Policy, X-Amz-Credential, X-Amz-Date and X-Amz-Signature are required.",
    );
  }
  if (fields.get("x-amz-algorithm") !== POST_POLICY_ALGORITHM) {
    return refuse(400, "InvalidArgument", `X-Amz-Algorithm must be ${POST_POLICY_ALGORITHM}.`);
  }
  const [accessKeyId, shortDate, region, service, terminator] = credential.split("/");
  if (accessKeyId !== credentials.accessKeyId) {
    return refuse(403, "InvalidAccessKeyId", "The upload was not signed by this store.");
  }
  if (
    !shortDate ||
    !/^\d{8}$/.test(shortDate) ||
    region !== credentials.region ||
    service !== "s3" ||
    terminator !== "aws4_request"
  ) {
    return refuse(403, "SignatureDoesNotMatch", "The upload's credential scope is not valid.");
  }
  const expected = hmac(signingKey(credentials, shortDate, region), encoded).toString("hex");
  if (!equalHex(expected, signature.toLowerCase())) {
    return refuse(403, "SignatureDoesNotMatch", "The upload's signature does not match its policy.");
  }

  const policy = decodePolicy(encoded);
  if (!policy)
    return refuse(400, "InvalidPolicyDocument", "The upload's policy is not a valid policy document.");
  if (now.getTime() >= policy.expiration.getTime()) {
    return refuse(403, "AccessDenied", "Invalid according to Policy: Policy expired.");
  }
  let minBytes = 0;
  let maxBytes = Number.POSITIVE_INFINITY;
  const covered = new Set<string>();
  for (const condition of policy.conditions) {
    if (condition.kind === "range") {
      minBytes = Math.max(minBytes, condition.min);
      maxBytes = Math.min(maxBytes, condition.max);
      continue;
    }
    covered.add(condition.field);
    const value = fields.get(condition.field) ?? "";
    const holds = condition.exact ? value === condition.value : value.startsWith(condition.value);
    if (!holds) {
      return refuse(
        403,
        "AccessDenied",
        `Invalid according to Policy: Policy Condition failed on ${condition.field}.`,
      );
    }
  }
  const extra = [...fields.keys()].filter((name) => !isExemptField(name) && !covered.has(name));
  if (extra.length > 0) {
    return refuse(
      403,
      "AccessDenied",
      `Invalid according to Policy: Extra input fields: ${extra.join(", ")}.`,
    );
  }
  return { ok: true, key, minBytes, maxBytes };
}

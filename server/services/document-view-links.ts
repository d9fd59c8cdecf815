import { createHmac, timingSafeEqual } from "node:crypto";
import { VIEW_LINK_SECONDS } from "../../src/shared/document-rules";

// Short-lived links to a converted PDF (decision 0009): `/files/view?token=…`, where the token is
// the PDF's object key, the name to show and an expiry, signed with an HMAC key every process
// shares. The link works without the session cookie (a new tab, the service view) but only for
// minutes, and only the owner is ever given one (GET /api/pdf/document-answer/{key}).

export const VIEW_PATH = "/files/view";
// One lifetime for the server that signs the links and the client that asks for fresh ones.
export { VIEW_LINK_SECONDS };

type ViewClaim = { key: string; name: string; exp: number };

export class DocumentViewLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: () => Date,
  ) {}

  private sign(payload: string): string {
    return createHmac("sha256", this.secret).update(payload).digest("base64url");
  }

  /** A link to `pdfKey`, shown as `fileName`, valid for VIEW_LINK_SECONDS. */
  url(pdfKey: string, fileName: string): string {
    const claim: ViewClaim = {
      key: pdfKey,
      name: fileName,
      exp: Math.floor(this.clock().getTime() / 1000) + VIEW_LINK_SECONDS,
    };
    const payload = Buffer.from(JSON.stringify(claim), "utf8").toString("base64url");
    return `${VIEW_PATH}?token=${payload}.${this.sign(payload)}`;
  }

  /** The PDF a token opens, or null for a forged, altered or expired one. */
  verify(token: string): { key: string; name: string } | null {
    const [payload, signature, extra] = token.split(".");
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claim: ViewClaim;
    try {
      claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    } catch {
      return null;
    }
    if (typeof claim.key !== "string" || typeof claim.name !== "string" || typeof claim.exp !== "number")
      return null;
    if (claim.exp * 1000 <= this.clock().getTime()) return null;
    return { key: claim.key, name: claim.name };
  }
}

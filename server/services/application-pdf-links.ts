import { createHmac, timingSafeEqual } from "node:crypto";
import { APPLICATION_PDF_LINK_SECONDS, APPLICATION_PDF_PATH } from "../../src/shared/application-pdf";

// Links to an applicant's application PDF (decision 0013): `/files/application-pdf?token=…`, where
// the token names the PDF's object key, the download's name, the account it belongs to and an
// expiry, signed with an HMAC key every process shares (its own, so a document view link never
// opens here). Unlike a document view link it is also bound to the owner: the route serves it only
// to that account's session, so a copied link is of no use to anyone else.

type Claim = { key: string; name: string; sub: string; exp: number };

export type ApplicationPdfClaim = { key: string; name: string; userId: string };

export class ApplicationPdfLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: () => Date,
  ) {}

  private sign(payload: string): string {
    return createHmac("sha256", this.secret).update(payload).digest("base64url");
  }

  /** A link to `pdfKey` for `userId`, downloaded as `fileName`, valid APPLICATION_PDF_LINK_SECONDS. */
  url({ key, name, userId }: ApplicationPdfClaim): string {
    const claim: Claim = {
      key,
      name,
      sub: userId,
      exp: Math.floor(this.clock().getTime() / 1000) + APPLICATION_PDF_LINK_SECONDS,
    };
    const payload = Buffer.from(JSON.stringify(claim), "utf8").toString("base64url");
    return `${APPLICATION_PDF_PATH}?token=${payload}.${this.sign(payload)}`;
  }

  /** What a token names, or null for a forged, altered or expired one. */
  verify(token: string): ApplicationPdfClaim | null {
    const [payload, signature, extra] = token.split(".");
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claim: Partial<Claim>;
    try {
      claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    } catch {
      return null;
    }
    const { key, name, sub, exp } = claim;
    if (typeof key !== "string" || typeof name !== "string" || typeof sub !== "string") return null;
    if (typeof exp !== "number" || exp * 1000 <= this.clock().getTime()) return null;
    return { key, name, userId: sub };
  }
}

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PARTNER_STAMP_FILE } from "../src/config/load-partner";
import { partner } from "../src/config/partner";
import { checkPartner, PartnerMismatchError } from "./partner-check";

// Issue 31: a process starts only when the institution it was built for is the one configured and
// its client's; the shipped, fictional one is said to be in use where applicants would see it.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "partner-check-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const refusal = (run: () => unknown, kind: new (...args: never[]) => Error = PartnerMismatchError) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return (error as Error).message;
  }
  throw new Error("not refused");
};

describe("checkPartner at start", () => {
  afterEach(() => {
    vi.doUnmock("../src/config/partner");
    vi.resetModules();
  });

  it("refuses a PARTNER_CONFIG that is not the configuration built in, or that is invalid", async () => {
    expect(partner.source.shipped).toBe(true);
    expect(
      checkPartner({ PARTNER_CONFIG: "partners/northbridge.json" }, undefined, "http://127.0.0.1:8080"),
    ).toBe(undefined);
    expect(
      refusal(() =>
        checkPartner({ PARTNER_CONFIG: "partners/lakeside-college.json" }, undefined, "http://x"),
      ),
    ).toBe(
      "PARTNER_CONFIG partners/lakeside-college.json is not the configuration this build has, Northbridge University (partners/northbridge.json): build again with it (npm run build).",
    );
    const broken = path.join(dir, "broken.json");
    await writeFile(broken, JSON.stringify({ name: "" }));
    expect(refusal(() => checkPartner({ PARTNER_CONFIG: broken }, undefined, "http://x"))).toMatch(
      /^Invalid partner configuration .*broken\.json: name: must not be empty; shortName: /,
    );
  });

  it("warns when the shipped institution would face applicants (an https:// PUBLIC_URL)", () => {
    expect(checkPartner({}, undefined, "http://127.0.0.1:8080")).toBeUndefined();
    expect(checkPartner({}, undefined, "https://apply.example.edu")).toBe(
      "PUBLIC_URL is https://apply.example.edu, but the application is the shipped, fictional Northbridge University's: set PARTNER_CONFIG to your institution's configuration and build again (partners/README.md).",
    );
  });

  it("refuses, once built, a client built for another institution", async () => {
    const client = path.join(dir, "client");
    await mkdir(path.join(client, ".vite"), { recursive: true });
    const stamp = (name: string, digest: string) =>
      writeFile(
        path.join(client, PARTNER_STAMP_FILE),
        JSON.stringify({ name, file: `partners/${name}.json`, digest }),
      );
    vi.resetModules();
    vi.doMock("../src/config/partner", () => ({
      partner: { ...partner, source: { ...partner.source, baked: true } },
    }));
    const built = await import("./partner-check");
    await stamp("Lakeside State College", "0123456789abcdef");
    expect(refusal(() => built.checkPartner({}, client, "http://x"), built.PartnerMismatchError)).toBe(
      `The client in ${client} was built for Lakeside State College (partners/Lakeside State College.json), this server for Northbridge University (partners/northbridge.json): build both with the same PARTNER_CONFIG (npm run build).`,
    );
    await stamp("Northbridge University", partner.source.digest);
    expect(built.checkPartner({}, client, "http://x")).toBeUndefined();
  });
});

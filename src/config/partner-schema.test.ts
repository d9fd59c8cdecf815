import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadPartner, logoProblem, PartnerConfigError, SHIPPED_PARTNER_FILE } from "./load-partner";
import { PARTNER_JSON_SCHEMA_FILE, partnerJsonSchema } from "./partner-json-schema";

// Issue 31: an institution's own configuration without code. The format is checked when the build
// bakes it in and when a process starts, with one message naming every bad field.

const EXAMPLE_FILE = path.resolve("partners/lakeside-college.json");
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "partner-config-"));
  await writeFile(path.join(dir, "logo.svg"), await readFile("partners/lakeside-logo.svg"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The example institution's file with `change` applied, written beside a copy of its logo. */
async function variant(
  change: (config: Record<string, unknown>) => void,
  logo = "logo.svg",
): Promise<string> {
  const config = JSON.parse(await readFile(EXAMPLE_FILE, "utf8"));
  config.logo = logo;
  change(config);
  const file = path.join(dir, `partner-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(config));
  return file;
}

function refusal(file: string): string {
  try {
    loadPartner(file);
  } catch (error) {
    expect(error).toBeInstanceOf(PartnerConfigError);
    return (error as Error).message;
  }
  throw new Error(`${file} was accepted`);
}

describe("the partner configuration", () => {
  it("reads the shipped institution and the example, each with its logo and where it came from", () => {
    const shipped = loadPartner(SHIPPED_PARTNER_FILE);
    expect(shipped).toMatchObject({ name: "Northbridge University", testCodes: { fafsa: "003258" } });
    expect(shipped.source).toMatchObject({ file: "partners/northbridge.json", shipped: true });
    expect(shipped.logoSvg).toMatch(/^<svg[^>]*viewBox="0 0 100 100">/);
    // Drawn inline beside the name, the mark has no tooltip of its own.
    expect(shipped.logoSvg).not.toContain("<title>");
    const example = loadPartner(EXAMPLE_FILE);
    expect(example).toMatchObject({ name: "Lakeside State College", hostKey: "lakeside", draftLinkDays: 14 });
    expect(example.source.shipped).toBe(false);
    expect(example.source.digest).not.toBe(shipped.source.digest);
  });

  it("names every bad field in one message", async () => {
    const file = await variant((config) => {
      config.name = " ";
      config.colour = "teal";
      config.privacyPolicyUrl = "http://www.lakeside.example/privacy";
      (config.testCodes as Record<string, string>).act = "44";
      const majors = config.majors as Record<string, { code: string; name: string; asks?: string[] }[]>;
      majors.secondDegree?.push({ code: "L10", name: "Marine Science again" });
      majors.accelerated?.push({ code: "L71", name: "Law", asks: ["law_school"] });
    });
    const message = refusal(file);
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toMatch(/^Invalid partner configuration .*partner-\w+\.json: /);
    for (const named of [
      "name: must not be empty",
      'Unrecognized key: "colour"',
      "privacyPolicyUrl: must be an https:// URL",
      "testCodes.act: must be 4 digits",
      "majors.accelerated.1.asks.0: ",
      'majors.secondDegree.2.code: "L10" is used by majors.transfer.0 already',
    ]) {
      expect(message).toContain(named);
    }
  });

  it("says when the file cannot be read or is not JSON", async () => {
    expect(refusal(path.join(dir, "missing.json"))).toMatch(/missing\.json: cannot read it \(ENOENT/);
    const broken = path.join(dir, "broken.json");
    await writeFile(broken, '{ "name": ');
    expect(refusal(broken)).toMatch(/broken\.json: not JSON \(/);
  });

  it("refuses a logo that is missing, or that could run or load anything in every page", async () => {
    expect(refusal(await variant(() => {}, "nowhere.svg"))).toContain("logo: cannot read nowhere.svg");
    await writeFile(path.join(dir, "scripted.svg"), '<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>');
    expect(refusal(await variant(() => {}, "scripted.svg"))).toContain(
      "logo: scripted.svg contains a script",
    );
    const cases: [string, string][] = [
      ['<svg viewBox="0 0 1 1" onload="x()"></svg>', "contains an event handler attribute"],
      ['<svg viewBox="0 0 1 1"><image href="https://tracker.example/p.png"/></svg>', "a reference outside"],
      ['<svg viewBox="0 0 1 1"><foreignObject/></svg>', "contains a foreignObject"],
      ["<svg><rect/></svg>", "has no viewBox"],
      ["<p>not a picture</p>", "is not one <svg> element"],
      [`<svg viewBox="0 0 1 1">${" ".repeat(70_000)}</svg>`, "is larger than 64 KB"],
    ];
    for (const [svg, problem] of cases) expect(logoProblem(svg), svg.slice(0, 40)).toContain(problem);
    expect(logoProblem('<svg viewBox="0 0 1 1"><path fill="url(#g)" d="M0 0"/></svg>')).toBeUndefined();
  });

  it("ships a JSON Schema for editors that matches the format (npm run partner:schema writes it)", async () => {
    // Compared as JSON: the formatter may lay the file out its own way.
    expect(JSON.parse(await readFile(PARTNER_JSON_SCHEMA_FILE, "utf8"))).toEqual(
      JSON.parse(partnerJsonSchema()),
    );
  });
});

describe("the example institution's application (PARTNER_CONFIG)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("offers its own majors and terms, asks its own program questions, and refuses another's codes", async () => {
    vi.resetModules();
    vi.stubEnv("PARTNER_CONFIG", EXAMPLE_FILE);
    const { formPages } = await import("../form/pages/form-pages");
    const { visiblePage } = await import("../form/engine/visibility");
    const { validateAnswers } = await import("../form/engine/validate");
    const education = formPages.find((page) => page.id === "education");
    const questions = education?.sections.flatMap((section) => section.questions) ?? [];
    expect(questions.find((question) => question.key === "applied_major_transfer")).toMatchObject({
      options: { options: expect.arrayContaining([{ value: "L10", label: "Marine Science" }]) },
    });
    expect(questions.find((question) => question.key === "apply_fall")?.label).toBe(
      "Are you applying for Spring 2027?",
    );
    const shownFor = (answers: Record<string, string>) =>
      education
        ? visiblePage(education, answers, { signedIn: true }).flatMap(({ blocks }) =>
            blocks.flatMap((block) => block.questions.map((question) => question.key)),
          )
        : [];
    expect(shownFor({ app_type: "1", applied_major_transfer: "L10" })).toContain("ms_env_science_dual");
    expect(shownFor({ app_type: "1", applied_major_transfer: "L11" })).not.toContain("ms_env_science_dual");

    const today = new Date(2026, 9, 1);
    const errors = (answers: Record<string, string>) =>
      validateAnswers(
        formPages,
        answers,
        { hostName: "Lakeside State College", today },
        { includeRequired: false },
      );
    expect(errors({ app_type: "1", applied_major_transfer: "L10" })).not.toHaveProperty(
      "applied_major_transfer",
    );
    // Northbridge's Biology is not a Lakeside major: the server refuses it as the client never offers it.
    expect(errors({ app_type: "1", applied_major_transfer: "11" })).toHaveProperty("applied_major_transfer");
  });
});

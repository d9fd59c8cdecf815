// Reads and checks a partner configuration file (Node only: the build, a process's start, tests).
// Every problem is named in one message: the file's fields as zod finds them, or why the file or its
// logo cannot be used.
import { createHash } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { crossFieldProblems, describeIssues, type Partner, PartnerSchema } from "./partner-schema.ts";

/** The shipped, fictional institution: what runs until PARTNER_CONFIG names another. */
// From the module's own path (a string: jsdom's URL is not Node's, and unit tests run in jsdom).
export const SHIPPED_PARTNER_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../partners/northbridge.json",
);
const LOGO_MAX_BYTES = 64 * 1024;
/** In the built client: what it was built for (the server checks it at start: server/partner-check.ts). */
export const PARTNER_STAMP_FILE = ".vite/partner.json";

export class PartnerConfigError extends Error {}

/** PARTNER_CONFIG's file (an empty value counts as unset), else the shipped one. */
export function partnerFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.PARTNER_CONFIG ? path.resolve(env.PARTNER_CONFIG) : SHIPPED_PARTNER_FILE;
}

export function loadPartner(file = partnerFile()): Partner {
  const named = path.relative(process.cwd(), file) || file;
  const fail = (why: string): never => {
    throw new PartnerConfigError(`Invalid partner configuration ${named}: ${why}`);
  };
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    fail(`cannot read it (${error instanceof Error ? error.message : String(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    fail(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = PartnerSchema.safeParse(json);
  const problems = [...(parsed.success ? [] : describeIssues(parsed.error)), ...crossFieldProblems(json)];
  if (!parsed.success || problems.length > 0) return fail(problems.join("; "));
  const { $schema: _schema, ...config } = parsed.data;
  const logoFile = path.resolve(path.dirname(file), config.logo);
  let logoSvg = "";
  try {
    logoSvg = readFileSync(logoFile, "utf8").trim();
  } catch (error) {
    fail(`logo: cannot read ${config.logo} (${error instanceof Error ? error.message : String(error)})`);
  }
  const unsafe = logoProblem(logoSvg);
  if (unsafe) fail(`logo: ${config.logo} ${unsafe}`);
  // Drawn inline as a decorative mark (named by the text beside it): no tooltip of its own.
  logoSvg = logoSvg.replace(/<title>[\s\S]*?<\/title>\s*/g, "");
  const digest = createHash("sha256")
    .update(JSON.stringify(config))
    .update(logoSvg)
    .digest("hex")
    .slice(0, 16);
  return {
    ...config,
    logoSvg,
    source: { file: named, shipped: sameFile(file, SHIPPED_PARTNER_FILE), digest },
  };
}

/**
 * Why an SVG may not be drawn inline in every page (undefined when it may): it must be one <svg>
 * with a viewBox (it is sized by the page), and nothing that runs, loads or embeds: no script,
 * event handler, javascript: or external reference, foreign object, entity or style sheet import.
 */
export function logoProblem(svg: string): string | undefined {
  if (Buffer.byteLength(svg) > LOGO_MAX_BYTES) return `is larger than ${LOGO_MAX_BYTES / 1024} KB`;
  const body = svg.replace(/^<\?xml[^>]*\?>\s*/, "");
  if (!/^<svg[\s>]/.test(body) || !/<\/svg>$/.test(body)) return "is not one <svg> element";
  if (!/<svg[^>]*\sviewBox=/.test(body)) return "has no viewBox on its <svg> (it is sized by the page)";
  const forbidden: [RegExp, string][] = [
    [/<script/i, "a script"],
    [/\son[a-z]+\s*=/i, "an event handler attribute"],
    [/javascript:/i, "a javascript: URL"],
    [/<foreignObject/i, "a foreignObject"],
    [/<!DOCTYPE|<!ENTITY/i, "a DOCTYPE or entity"],
    [/@import/i, "a style sheet import"],
    [/(?:href|src)\s*=\s*["'](?!#|data:image\/)/i, "a reference outside the file"],
    [/url\(\s*["']?(?!#|data:image\/)/i, "a reference outside the file"],
  ];
  for (const [pattern, what] of forbidden) if (pattern.test(body)) return `contains ${what}`;
  return undefined;
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

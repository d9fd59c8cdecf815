import { fileURLToPath } from "node:url";
import { z } from "zod";
import { PartnerSchema } from "./partner-schema";

export const PARTNER_JSON_SCHEMA_FILE = fileURLToPath(
  new URL("../../partners/partner.schema.json", import.meta.url),
);

/**
 * The JSON Schema of a configuration file as written (defaults optional). Checks that span fields
 * (unique major codes, the logo's content) are the loader's alone.
 */
export function partnerJsonSchema(): string {
  const schema = z.toJSONSchema(PartnerSchema, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...schema, title: "Partner (institution) configuration: partners/README.md" }, null, 2)}\n`;
}

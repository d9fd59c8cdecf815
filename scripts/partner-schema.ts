// `npm run partner:schema`: writes partners/partner.schema.json, the JSON Schema of the partner
// configuration (src/config/partner-schema.ts), so that an editor checks a configuration as it is
// typed. A unit test keeps the file in step with the schema (src/config/partner-schema.test.ts).
import { writeFileSync } from "node:fs";
import { PARTNER_JSON_SCHEMA_FILE, partnerJsonSchema } from "../src/config/partner-json-schema";

writeFileSync(PARTNER_JSON_SCHEMA_FILE, partnerJsonSchema());
console.log(`wrote ${PARTNER_JSON_SCHEMA_FILE} (npm run lint:fix lays it out as the linter wants)`);

import { apiRequest } from "../../../lib/api-client";
import type { AddAnotherCounts } from "../../../shared/api-types";

/** `GET /api/add-another`: the block counts the server holds, by button (spec §7). */
export function getAddAnother(): Promise<AddAnotherCounts> {
  return apiRequest<AddAnotherCounts>("GET", "/api/add-another");
}

import { apiRequest } from "../../../lib/api-client";
import type { TabChoicesResponse } from "../../../shared/api-types";

/** `GET /api/tabs`: the tab the server holds for each tabbed section (spec §7). */
export function getTabs(): Promise<TabChoicesResponse> {
  return apiRequest<TabChoicesResponse>("GET", "/api/tabs");
}

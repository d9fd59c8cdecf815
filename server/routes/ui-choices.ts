import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FormPage } from "../../src/form/catalogue-types";
import { repeatButtons, tabbedSections } from "../../src/form/engine/ui-choices";
import type {
  AddAnotherCounts,
  AddAnotherSaved,
  TabChoicesResponse,
  TabSaved,
} from "../../src/shared/api-types";
import { requireAuth } from "../require-auth";
import {
  hashCall,
  parseOptionalIdempotencyKey,
  runMaybeIdempotent,
  sendOutcome,
} from "../services/idempotency";
import {
  loadAddAnotherCounts,
  loadTabChoices,
  parseAddAnotherSave,
  parseTabChoiceSave,
  saveAddAnotherCount,
  saveTabChoice,
} from "../services/ui-choices";

export type UiChoiceRouteOptions = { pages: readonly FormPage[] };

// Spec §7 GET and PUT /api/add-another and /api/tabs. Bodies are checked by the parse functions
// rather than a schema: they accept both spellings and check ids against the catalogue, and each
// error names the field and the allowed values.
export const uiChoiceRoutes: FastifyPluginAsyncZod<UiChoiceRouteOptions> = async (app, { pages }) => {
  const buttons = repeatButtons(pages);
  const sections = tabbedSections(pages);

  app.get("/api/add-another", async (request) => {
    const { userId } = requireAuth(request);
    const body: AddAnotherCounts = { add_another: await loadAddAnotherCounts(app.db, userId) };
    return body;
  });

  app.put("/api/add-another", async (request, reply) => {
    const { userId } = requireAuth(request);
    const key = parseOptionalIdempotencyKey(request.headers["idempotency-key"]);
    const save = parseAddAnotherSave(request.body, buttons);
    const requestHash = hashCall("PUT /api/add-another", {
      button_id: save.buttonId,
      num_components: save.numComponents,
    });
    const result = await runMaybeIdempotent(app.db, { userId, key, requestHash }, async (tx) => {
      const stored = await saveAddAnotherCount(tx, userId, save, app.clock());
      const body: AddAnotherSaved = {
        message: "Your number of entries has been saved.",
        button_id: save.buttonId,
        num_components: stored,
      };
      return { statusCode: 200, body };
    });
    return sendOutcome(reply, result);
  });

  app.get("/api/tabs", async (request) => {
    const { userId } = requireAuth(request);
    const body: TabChoicesResponse = { tabs: await loadTabChoices(app.db, userId) };
    return body;
  });

  app.put("/api/tabs", async (request, reply) => {
    const { userId } = requireAuth(request);
    const key = parseOptionalIdempotencyKey(request.headers["idempotency-key"]);
    const save = parseTabChoiceSave(request.body, sections);
    const requestHash = hashCall("PUT /api/tabs", { tab_id: save.tabId, chosen_tab: save.chosenTab });
    const result = await runMaybeIdempotent(app.db, { userId, key, requestHash }, async (tx) => {
      await saveTabChoice(tx, userId, save, app.clock());
      const body: TabSaved = {
        message: "Your choice of tab has been saved.",
        tab_id: save.tabId,
        chosen_tab: save.chosenTab,
      };
      return { statusCode: 200, body };
    });
    return sendOutcome(reply, result);
  });
};

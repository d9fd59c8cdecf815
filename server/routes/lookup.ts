import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  LOOKUP_DETAIL_FIELDS,
  LOOKUP_LIST_HEADER,
  LOOKUP_MAX_RESULTS,
  LOOKUP_NO_LIST,
} from "../../src/shared/lookup-types";
import { HttpError } from "../http-error";
import type { LookupProvider, LookupProviders } from "../lookup/provider";

export const NO_DETAILS_MESSAGE = "No details for that entry.";
// Schema messages follow "Invalid querystring: <field>: ", so they do not repeat the field's name.
export const EITHER_TEXT_OR_ID_MESSAGE = "Give either text (to search) or id (for details), not both.";
export const CATEGORY_MESSAGE = "Give the lookup category.";
export const EMPTY_TEXT_MESSAGE = "Type at least one character to search.";
export const MAX_RESULTS_MESSAGE = `Use a whole number of 1 or more (at most ${LOOKUP_MAX_RESULTS} results are answered).`;
/** Names no category: a refusal never repeats what was sent (issue 36). */
export const UNKNOWN_CATEGORY_MESSAGE = "Unknown lookup category.";

/** Suggestions and details are shared reference data, never personal: any cache may keep them a day. */
const CACHE_CONTROL = "public, max-age=86400";
/** "No list" is asked again each time: the list an institution imports must show at once. */
const NO_LIST_CACHE_CONTROL = "no-cache";

const findQuery = z
  .object({
    category: z
      .string({ error: CATEGORY_MESSAGE })
      .min(1, CATEGORY_MESSAGE)
      .max(50, "Lookup categories are at most 50 characters long."),
    text: z
      .string({ error: "Give the search text once." })
      .trim()
      .min(1, EMPTY_TEXT_MESSAGE)
      .max(100, "Search at most 100 characters.")
      .optional(),
    id: z
      .string({ error: "Give the id once." })
      .min(1, "Give the id of a suggestion.")
      .max(100, "Ids are at most 100 characters long.")
      .optional(),
    // More than the maximum is answered with the maximum (spec §9); nonsense is refused.
    max_results: z
      .string({ error: MAX_RESULTS_MESSAGE })
      .regex(/^\d+$/, MAX_RESULTS_MESSAGE)
      .transform(Number)
      .refine((count) => count >= 1, MAX_RESULTS_MESSAGE)
      .transform((count) => Math.min(count, LOOKUP_MAX_RESULTS))
      .optional(),
  })
  .refine((query) => (query.text === undefined) !== (query.id === undefined), EITHER_TEXT_OR_ID_MESSAGE);

const suggestions = z.array(z.object({ text: z.string(), id: z.string(), sub_text: z.string() }));
const details = z.object(
  Object.fromEntries(LOOKUP_DETAIL_FIELDS.map((field) => [field, z.string().optional()])) as Record<
    (typeof LOOKUP_DETAIL_FIELDS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/**
 * Spec §7 `GET /lookup/find`: `text` + `category` (+ `max_results`) → suggestions, `id` +
 * `category` → the suggestion's named fields. Public: anonymous visitors autocomplete too, and the
 * CSRF check only guards /api and /public writes. Each category is answered by its provider; an
 * empty answer for a category with no list at all says so in a header (LOOKUP_LIST_HEADER).
 */
export const lookupRoutes: FastifyPluginAsyncZod<{ providers: LookupProviders }> = async (app, options) => {
  // A Map, so a category such as "constructor" never reaches Object.prototype.
  const providers = new Map<string, LookupProvider>(Object.entries(options.providers));

  app.get(
    "/lookup/find",
    { schema: { querystring: findQuery, response: { 200: z.union([suggestions, details]) } } },
    async (request, reply) => {
      const { category, text, id, max_results } = request.query;
      const provider = providers.get(category);
      if (!provider) throw new HttpError(400, UNKNOWN_CATEGORY_MESSAGE);

      if (text !== undefined) {
        const limit = max_results ?? LOOKUP_MAX_RESULTS;
        // The count is ours to enforce, whatever the provider answers.
        const found = (await provider.search(text, limit)).slice(0, limit);
        if (found.length === 0 && provider.hasEntries && !(await provider.hasEntries())) {
          return reply
            .header(LOOKUP_LIST_HEADER, LOOKUP_NO_LIST)
            .header("Cache-Control", NO_LIST_CACHE_CONTROL)
            .send(found);
        }
        return reply.header("Cache-Control", CACHE_CONTROL).send(found);
      }
      const found = id === undefined ? null : await provider.details(id);
      if (!found) throw new HttpError(404, NO_DETAILS_MESSAGE);
      return reply.header("Cache-Control", CACHE_CONTROL).send(found);
    },
  );
};

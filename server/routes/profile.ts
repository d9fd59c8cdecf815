import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FORM_PAGES, type FormPagePath } from "../../src/shared/routes";
import { requireAuth } from "../require-auth";
import { loadProfile, saveLastPage } from "../services/profile";

const formPagePaths = FORM_PAGES.map((page) => page.path) as [FormPagePath, ...FormPagePath[]];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/profile", async (request) => {
    const { userId, username } = requireAuth(request);
    return loadProfile(app.db, userId, username);
  });

  app.put(
    "/api/last-page",
    {
      schema: {
        body: z.object({
          last_page: z.enum(formPagePaths, {
            message: `last_page must be one of ${formPagePaths.join(", ")}`,
          }),
        }),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      await saveLastPage(app.db, userId, request.body.last_page, app.clock());
      return { message: "Your place in the application has been saved." };
    },
  );
};

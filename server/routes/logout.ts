import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clearSessionCookies } from "../plugins/sessions";
import { requireAuth } from "../require-auth";
import { endSession } from "../services/sessions";

export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/logout", async (request, reply) => {
    const { idHash } = requireAuth(request);
    await endSession(app.db, idHash);
    clearSessionCookies(request, reply);
    return { message: "You have been logged out." };
  });
};

import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { routingPath } from "./request-path";

/**
 * Answers under these paths are personal (profile, answers, documents), about an account, or
 * administrative: no cache, shared or private, may keep them, whatever the status. `/lookup/` is
 * reference data and sets its own policy; static files have theirs (plugins/client-app.ts).
 */
export const NO_STORE_PREFIXES = [
  "/api/",
  "/public/",
  "/service/",
  "/admin/",
  "/integration/",
  "/staff/api/",
] as const;

export type HeaderList = readonly (readonly [string, string])[];

/** Whether an answer to `url` (a raw request target) must carry `Cache-Control: no-store`. */
export function isNoStoreUrl(url: string): boolean {
  const path = routingPath(url);
  return NO_STORE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The strict headers every response carries: helmet with our configuration, run once on a
 * stand-in response to learn them (they are the same on every response). The security plugin sets
 * them on every request Fastify routes; the framework's own refusals (a malformed URL, a path
 * parameter past its length, a request Node's parser refuses) set them from here (issue 36).
 */
export function securityHeaders(uploadOrigin: string | undefined): HeaderList {
  return headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'"],
          // React Aria positions overlays with inline style attributes.
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:"],
          "font-src": ["'self'"],
          // Uploads go straight to the object store: an S3 bucket is another origin (decision 0009).
          "connect-src": ["'self'", ...(uploadOrigin ? [uploadOrigin] : [])],
          "worker-src": ["'self'"],
          "manifest-src": ["'self'"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
        },
      },
      // Cross-origin isolation would block opening the user's own uploaded PDFs in a new tab.
      crossOriginEmbedderPolicy: false,
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    }),
  );
}

/** The headers a (static) helmet middleware sets, learned by running it once on a stand-in response. */
function headersSetBy(middleware: ReturnType<typeof helmet>): HeaderList {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/// <reference lib="webworker" />
// Our service worker: precache the app shell and every page's code, and answer navigations with
// the shell so the app opens with no network. Personal data is never cached here: the local
// store (IndexedDB) is the offline copy of answers.

import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { StaleWhileRevalidate } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Runtime cache of autocomplete answers (spec §7 `GET /lookup/find`). */
const LOOKUP_CACHE = "lookups";
const LOOKUP_MAX_ENTRIES = 300;
const LOOKUP_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
// Take control of the page that installed us: on a first visit, code loaded later (a lazy page,
// the account menu) then comes from the precache even if the network is gone by then. Updates
// still wait for SKIP_WAITING, so a new version never takes over a page mid-save.
clientsClaim();
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL("/index.html");

/**
 * A page whose URL carries a secret (the reset link's token, a draft link's `token`, a service
 * link's `service_token`) must not send it on in a Referer header: the same rule as the server's
 * (server/plugins/client-app.ts), for the shell answered from here.
 */
function carriesSecret(url: URL): boolean {
  const { pathname, searchParams } = url;
  return (
    pathname.replace(/\/+$/, "") === "/reset" ||
    searchParams.has("token") ||
    searchParams.has("service_token")
  );
}

registerRoute(
  new NavigationRoute(
    async (options) => {
      const response = await shell(options);
      if (!carriesSecret(options.url)) return response;
      const headers = new Headers(response.headers);
      headers.set("Referrer-Policy", "no-referrer");
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
    // The staff review (decision 0022) is another app, never this shell, and needs the network.
    {
      denylist: [
        /^\/api\//,
        /^\/public\//,
        /^\/service\//,
        /^\/lookup\//,
        /^\/files\//,
        /^\/staff(\/|$)/,
        /^\/integration\//,
      ],
    },
  ),
);

// Autocomplete suggestions and details (shared reference data, never personal): answer from the
// cache at once and refresh it in the background, so a search seen before still works offline.
// Only complete 200 answers are kept (no errors, no opaque responses), at most 300 of them for a
// week; under storage pressure this cache is the first to go.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && url.pathname === "/lookup/find",
  new StaleWhileRevalidate({
    cacheName: LOOKUP_CACHE,
    plugins: [
      // workbox-cacheable-response is not a dependency; this is its `statuses: [200]` in one line.
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({
        maxEntries: LOOKUP_MAX_ENTRIES,
        maxAgeSeconds: LOOKUP_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
  "GET",
);

// Deliberately NO route for `/api/`, `/public/`, `/service/` or `/files/`: those answers are personal (profile,
// answers, documents, sessions, one-time tokens) and must never land in a Cache Storage cache that
// outlives a sign-out. Their requests pass straight to the network; the device's offline copy is
// the local store in IndexedDB.

// A new version waits until the page asks it to take over, so an update never interrupts a save.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

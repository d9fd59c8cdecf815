/// <reference lib="webworker" />
// Our service worker: precache the app shell and every page's code, and answer navigations with
// the shell so the app opens with no network. Personal data is never cached here: the local
// store (IndexedDB) is the offline copy of answers.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/public\//, /^\/service\//, /^\/lookup\//],
  }),
);

// A new version waits until the page asks it to take over, so an update never interrupts a save.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

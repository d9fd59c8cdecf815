import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { registerServiceWorker } from "./app/register-service-worker";
import { pageModuleFor } from "./app/route-modules";
import { createAppRouter } from "./app/router";
import { WARM_UPS } from "./app/warm-ups";
import { STATIC_SHELL_ATTRIBUTE } from "./features/shell/static-shell-attribute";
import { nextTask } from "./lib/next-task";
import { GENERIC_ERROR_MESSAGE } from "./shared/messages";
import { SERVICE_VIEW_STATE_ATTRIBUTE, serviceTokenFrom } from "./shared/service-view";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");

const serviceToken = serviceTokenFrom(window.location.search);
if (serviceToken !== null) {
  // Spec §2 `service_token`: the read-only service rendering, in its own chunk, instead of the
  // applicant's app (no router, local store, sync or service worker; decision 0011).
  import("./features/service-view/mount-service-view").then(
    ({ mountServiceView }) => mountServiceView(container, serviceToken),
    () => {
      container.textContent = GENERIC_ERROR_MESSAGE;
      document.body.setAttribute(SERVICE_VIEW_STATE_ATTRIBUTE, "failed");
    },
  );
} else {
  registerServiceWorker();
  void startApp(container);
}

/**
 * Waits for a new task, and marks it on the performance timeline: a trace shows the mark, and
 * bench/profile-client.mjs prints its name beside the task.
 */
async function step(name: string): Promise<void> {
  await nextTask();
  performance.mark(`start-up: ${name}`);
}

/**
 * Starts the app in steps, each a task of its own after the modules' evaluation (issue 15): a form
 * page's controls and the page's module start loading (each is evaluated in a task of its own),
 * the slow first uses of browser facilities are done (warm-ups.ts), the router is created, which
 * starts loading the profile, then React's root.
 */
async function startApp(container: HTMLElement): Promise<void> {
  const page = pageModuleFor(window.location.pathname);
  if (page?.form) {
    await step("form controls");
    import("./app/form-controls").catch(() => {});
  }
  await step("page module");
  page?.load().catch(() => {});
  for (const [index, warmUp] of WARM_UPS.entries()) {
    await step(`warm-up ${index}`);
    warmUp();
  }
  await step("router");
  const router = createAppRouter();
  await step("React root");
  const root = createRoot(container);
  // As a transition, React renders the first screen in slices that yield to the browser, rather
  // than in one long task (issue 15).
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    );
  // A prerendered first screen (decision 0018) stays until the page can replace it in one commit:
  // once the route's data and module are loaded, rather than the loading overlay in between.
  if (container.querySelector(`[${STATIC_SHELL_ATTRIBUTE}]`) === null || router.state.initialized) {
    render();
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
}

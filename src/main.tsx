import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { pageModuleFor } from "./app/route-modules";
import { startLanguage } from "./i18n/translations";
import { loadPart } from "./lib/load-part";
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
  // The start-up's own file not loading online (after its retries: a deploy removed it) leaves
  // nothing that could show the app's error screen, which is in that file.
  startApp(container).catch(() => {
    const alert = document.createElement("p");
    alert.setAttribute("role", "alert");
    alert.textContent = GENERIC_ERROR_MESSAGE;
    container.replaceChildren(alert);
  });
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
 * Starts the app in steps, each a task of its own after the modules' evaluation (issue 15). This
 * file holds React; the rest of the start-up (app-start.tsx: the service worker, the device store,
 * the router) is a file of its own, asked for at once, beside a form page's controls and the
 * page's module (each evaluated in a task of its own when it arrives): the same bytes in the same
 * round trips, but the script the HTML names is a third of what it was. Then the slow first uses
 * of browser facilities (warm-ups.ts), the router, which starts loading the profile, and React's
 * root.
 */
async function startApp(container: HTMLElement): Promise<void> {
  // The link's or the device's language, loaded beside the app when it is not English (issue 35).
  const language = startLanguage(window.location.search);
  const app = loadPart(() => import("./app/app-start"));
  const page = pageModuleFor(window.location.pathname);
  if (page?.form) {
    await step("form controls");
    import("./app/form-controls").catch(() => {});
  }
  await step("page module");
  page?.load().catch(() => {});
  const { element, ready } = await (await app).prepareApp(container, step);
  await step("React root");
  const root = createRoot(container);
  await ready;
  await language;
  // As a transition, React renders the first screen in slices that yield to the browser, rather
  // than in one long task (issue 15).
  startTransition(() => root.render(<StrictMode>{element}</StrictMode>));
}

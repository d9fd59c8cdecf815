import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { registerServiceWorker } from "./app/register-service-worker";
import { createAppRouter } from "./app/router";
import { STATIC_SHELL_ATTRIBUTE } from "./features/shell/static-shell-attribute";
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
  // The router starts loading the profile and the page when created: in a task of its own, after
  // the modules' evaluation, so neither makes a long task of the other (issue 15).
  setTimeout(() => startApp(container));
  registerServiceWorker();
}

function startApp(container: HTMLElement): void {
  const router = createAppRouter();
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

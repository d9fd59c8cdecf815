import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { registerServiceWorker } from "./app/register-service-worker";
import { createAppRouter } from "./app/router";
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
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
  registerServiceWorker();
}

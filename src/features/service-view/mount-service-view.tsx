import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ServiceApp, setServiceViewState } from "./service-app";
import "./service-view.css";

/**
 * Starts the service rendering in `container` instead of the applicant's app: no router, no local
 * store, no sync, no service worker, no inactivity timer (spec §6 service user).
 */
export function mountServiceView(container: HTMLElement, token: string): void {
  setServiceViewState("loading");
  createRoot(container).render(
    <StrictMode>
      <ServiceApp token={token} />
    </StrictMode>,
  );
}

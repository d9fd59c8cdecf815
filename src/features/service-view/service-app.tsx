import { useEffect } from "react";
import { LoadingOverlay } from "../../components/loading-overlay";
import { partner } from "../../config/partner";
import { ERROR_SCREEN_TITLE, SERVICE_LINK_INVALID_MESSAGE } from "../../shared/messages";
import { SERVICE_VIEW_STATE_ATTRIBUTE, type ServiceViewState } from "../../shared/service-view";
import { type ServiceApplicationState, useServiceApplication } from "./api/get-service-application";
import { serviceViewTitle } from "./print-margins";
import { ServiceApplication } from "./service-application";

export function setServiceViewState(state: ServiceViewState): void {
  document.body.setAttribute(SERVICE_VIEW_STATE_ATTRIBUTE, state);
}

/**
 * Tells a printer (the application PDF job) when the page is final: `ready` once the application
 * is rendered and the fonts it uses are loaded, `invalid` or `failed` once refused; and names the
 * document (the PDF's title).
 */
function useServiceViewState(state: ServiceApplicationState): void {
  useEffect(() => {
    if (state.status !== "ready") {
      document.title =
        state.status === "invalid"
          ? `${SERVICE_LINK_INVALID_MESSAGE} ${partner.applicationTitle}`
          : partner.applicationTitle;
      setServiceViewState(state.status);
      return;
    }
    document.title = serviceViewTitle(state.application.answer);
    let current = true;
    // Effects run after the DOM is committed; text must not be printed in a fallback font.
    // (`document.fonts` is absent outside browsers.)
    void (document.fonts?.ready ?? Promise.resolve()).then(() => {
      if (current) setServiceViewState("ready");
    });
    return () => {
      current = false;
    };
  }, [state]);
}

/**
 * The read-only service rendering for a `service_token` link (spec §2, §6): reads the application
 * once and shows it, or says the link cannot be used. Never the editable form, never stored.
 */
export function ServiceApp({ token }: { token: string }) {
  const state = useServiceApplication(token);
  useServiceViewState(state);
  switch (state.status) {
    case "loading":
      return <LoadingOverlay label="Loading the application" />;
    case "ready":
      return <ServiceApplication application={state.application} />;
    case "invalid":
      return (
        <ServiceMessage title={SERVICE_LINK_INVALID_MESSAGE}>
          Links to an application work for a few minutes only. Please ask for a new link.
        </ServiceMessage>
      );
    case "failed":
      return <ServiceMessage title={ERROR_SCREEN_TITLE}>{state.message}</ServiceMessage>;
  }
}

function ServiceMessage({ title, children }: { title: string; children: string }) {
  return (
    <main id="main" className="error-screen">
      <h1>{title}</h1>
      <p>{children}</p>
    </main>
  );
}

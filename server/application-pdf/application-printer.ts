import type { Page } from "playwright-core";
import {
  SERVICE_VIEW_SETTLED_STATES,
  SERVICE_VIEW_STATE_ATTRIBUTE,
  type ServiceViewState,
} from "../../src/shared/service-view";
import type { PdfPrinter } from "../browser/pdf-printer";
import { serviceViewUrl } from "../services/service-tokens";
import { addDividers, type Divider } from "./divider-pages";

// What the application PDF job prints, behind one small interface so the job can be tested with
// the real Chromium or, where a test is about the job's outcomes, with a stand-in.

export interface ApplicationPrinter {
  /**
   * The service view of the application that `serviceToken` opens, with a page per divider after
   * the steps: a tagged PDF whose outline has the steps and then the dividers.
   */
  printApplication(serviceToken: string, dividers: readonly Divider[]): Promise<Uint8Array>;
}

/** The service view said it cannot be printed (its link was refused, or it could not read the application). */
export class ServiceViewNotReady extends Error {
  constructor(readonly state: string) {
    super(`the service view settled as "${state}", not "ready"`);
    this.name = "ServiceViewNotReady";
  }
}

/**
 * Prints with the process's one warm Chromium (decision 0010). The service view is loaded from
 * `origin` (this server's own address, or SERVICE_VIEW_ORIGIN for a separate worker) with
 * JavaScript on and nothing but that origin reachable, and printed once it says `ready` (decision
 * 0011), on its own `@page` size and margins, tagged, with Chromium's outline of its headings.
 */
export class ChromiumApplicationPrinter implements ApplicationPrinter {
  constructor(
    private readonly printer: PdfPrinter,
    readonly origin: string,
    private readonly timeoutMs = 30_000,
  ) {}

  printApplication(serviceToken: string, dividers: readonly Divider[]): Promise<Uint8Array> {
    return this.printer.printUrl(serviceViewUrl(this.origin, serviceToken), {
      allowOrigin: this.origin,
      javaScript: true,
      pageCss: true,
      tagged: true,
      outline: true,
      timeoutMs: this.timeoutMs,
      whenReady: async (page) => {
        await waitForServiceView(page);
        if (dividers.length > 0) await page.evaluate(addDividers, dividers);
      },
    });
  }
}

/** Waits until the rendering has settled (`data-service-view`), and refuses anything but `ready`. */
async function waitForServiceView(page: Page): Promise<void> {
  const settled = await page.waitForFunction(
    ({ attribute, states }) => {
      const state = document.body?.getAttribute(attribute) ?? "";
      return (states as string[]).includes(state) ? state : false;
    },
    { attribute: SERVICE_VIEW_STATE_ATTRIBUTE, states: [...SERVICE_VIEW_SETTLED_STATES] },
  );
  const state = (await settled.jsonValue()) as ServiceViewState;
  if (state !== "ready") throw new ServiceViewNotReady(state);
}

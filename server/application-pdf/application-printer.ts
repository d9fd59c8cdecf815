import type { PdfPrinter } from "../browser/pdf-printer";
import { applicationDocument, type PrintedApplication } from "./application-document";

// What the application PDF job prints, behind one small interface so the job can be tested with
// the real Chromium or, where a test is about the job's outcomes, with a stand-in.

export interface ApplicationPrinter {
  /**
   * The service view of `printed.application`, with a page per divider after the steps: a tagged
   * PDF whose outline has the steps and then the dividers.
   */
  printApplication(printed: PrintedApplication, signal?: AbortSignal): Promise<Uint8Array>;
}

/**
 * Prints with the process's one warm Chromium (decision 0010) the service view rendered here
 * (`applicationDocument`) on its own `@page` size and margins, tagged, with Chromium's outline of
 * its headings. Chromium gets the whole document: no script runs, and nothing is fetched.
 */
export class ChromiumApplicationPrinter implements ApplicationPrinter {
  constructor(
    private readonly printer: PdfPrinter,
    /** The built client's stylesheets for the service view (`printStylesheet`). */
    private readonly stylesheet: () => Promise<string>,
    private readonly timeoutMs = 30_000,
  ) {}

  async printApplication(printed: PrintedApplication, signal?: AbortSignal): Promise<Uint8Array> {
    const html = applicationDocument(printed, await this.stylesheet());
    return this.printer.printHtml(html, {
      pageCss: true,
      tagged: true,
      outline: true,
      timeoutMs: this.timeoutMs,
      signal,
    });
  }
}

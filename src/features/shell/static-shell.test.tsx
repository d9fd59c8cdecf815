// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { textForViewer } from "../../form/engine/audience";
import { formPages } from "../../form/pages/form-pages";
import { FORM_PAGES } from "../../shared/routes";
import { answerStore } from "../answers/answer-session";
import { anonymousSnapshot } from "../profile/client-snapshot";
import { StaticFormShell } from "./static-shell";
import { STATIC_SHELL_ATTRIBUTE } from "./static-shell-attribute";
import { WelcomeBanner } from "./welcome-banner";

const squeeze = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

beforeEach(() => answerStore.replaceAll("device", []));
afterEach(cleanup);

describe("the prerendered first screen of a form page (decision 0018)", () => {
  it("says what the page says to a visitor: its title, intro, current step and welcome", () => {
    const { container: real } = render(<WelcomeBanner snapshot={anonymousSnapshot()} />);
    const welcome = squeeze(real.querySelector(".welcome-banner")?.textContent);
    expect(welcome).toContain("There is no application fee");
    cleanup();

    for (const step of FORM_PAGES) {
      const page = formPages.find((candidate) => `/${candidate.id}` === step.path);
      if (!page) throw new Error(`no catalogue page for ${step.path}`);
      const { container } = render(<StaticFormShell page={page} path={step.path} />);
      expect(container.querySelector("h1")?.textContent).toBe(page.title);
      expect(squeeze(container.querySelector(".page-intro")?.textContent)).toBe(
        textForViewer(page.intro, { signedIn: false }) ?? "",
      );
      expect(container.querySelector('[aria-current="step"]')?.getAttribute("href")).toBe(step.path);
      expect(squeeze(container.querySelector(".welcome-banner")?.textContent)).toBe(welcome);
      cleanup();
    }
  });

  it("is inert and hidden from assistive technology: the real page replaces it", () => {
    const [page] = formPages;
    const { container } = render(<StaticFormShell page={page} path="/about" />);
    const shell = container.querySelector(`[${STATIC_SHELL_ATTRIBUTE}]`);
    expect(shell?.hasAttribute("inert")).toBe(true);
    expect(shell?.getAttribute("aria-hidden")).toBe("true");
    // No id the page uses (a fragment link, a label) can point into it.
    expect(shell?.querySelector("[id]")).toBeNull();
  });
});

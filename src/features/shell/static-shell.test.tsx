// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { textForViewer } from "../../form/engine/audience";
import { formPages } from "../../form/pages/form-pages";
import { pageInLanguage, showLanguage } from "../../i18n/translations";
import { bannerOfScreen, FIRST_SCREENS, type FirstScreen } from "../../shared/first-screens";
import { FORM_PAGES } from "../../shared/routes";
import { answerStore } from "../answers/answer-session";
import { updateSyncStatus } from "../answers/sync-status";
import { AuthLayout } from "../auth/auth-layout";
import { LoginPage } from "../auth/login-page";
import { anonymousSnapshot, type ClientSnapshot } from "../profile/client-snapshot";
import { StaticLoginShell } from "./static-auth-shell";
import { StaticFormShell } from "./static-shell";
import { STATIC_SHELL_ATTRIBUTE } from "./static-shell-attribute";
import { SyncStatusIndicator } from "./sync-status-indicator";
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

  // The snapshot each signed-in screen stands for: an applicant whose profile has just loaded.
  const signedIn = (num_logins: number): ClientSnapshot => ({
    ...anonymousSnapshot(),
    is_logged_in: true,
    username: "ada@example.edu",
    web_status: "started",
    num_logins,
  });
  const SNAPSHOTS: Record<FirstScreen, ClientSnapshot> = {
    visitor: anonymousSnapshot(),
    "signed-in-hello": signedIn(1),
    "signed-in-welcome-back": signedIn(2),
    "signed-in": signedIn(3),
  };

  it.each(FIRST_SCREENS)(
    "the %s screen shows WelcomeBanner's words, or no banner where it shows none",
    (screen) => {
      const { container: real } = render(<WelcomeBanner snapshot={SNAPSHOTS[screen]} />);
      const banner = real.querySelector(".welcome-banner");
      const heading = banner?.querySelector("h2")?.textContent ?? null;
      const words = banner ? squeeze(banner.textContent) : null;
      cleanup();
      expect(heading).toBe(
        { visitor: "Welcome!", hello: "Hello!", "welcome-back": "Welcome Back!", none: null }[
          bannerOfScreen(screen) ?? "none"
        ],
      );

      for (const step of FORM_PAGES) {
        const page = formPages.find((candidate) => `/${candidate.id}` === step.path);
        if (!page) throw new Error(`no catalogue page for ${step.path}`);
        const { container } = render(<StaticFormShell page={page} path={step.path} screen={screen} />);
        const shellBanner = container.querySelector(".welcome-banner");
        expect(shellBanner ? squeeze(shellBanner.textContent) : null).toBe(words);
        expect(container.querySelector("h1")?.textContent).toBe(page.title);
        expect(squeeze(container.querySelector(".page-intro")?.textContent)).toBe(
          textForViewer(page.intro, { signedIn: screen !== "visitor" }) ?? "",
        );
        cleanup();
      }
    },
  );

  it("says what the header's save state says once the store has opened, for a visitor and an applicant", () => {
    const [page] = formPages;
    for (const [screen, phase] of [
      ["visitor", "local-only"],
      ["signed-in-hello", "idle"],
    ] as const) {
      updateSyncStatus({ phase, pending: 0 });
      const { container: real } = render(<SyncStatusIndicator visitor={screen === "visitor"} />);
      const status = real.querySelector(".sync-status");
      const words = squeeze(status?.textContent);
      const dot = status?.querySelector(".sync-status__dot")?.className;
      cleanup();
      const { container } = render(<StaticFormShell page={page} path="/about" screen={screen} />);
      expect(squeeze(container.querySelector(".sync-status")?.textContent)).toBe(words);
      expect(container.querySelector(".sync-status__dot")?.className).toBe(dot);
      cleanup();
    }
    updateSyncStatus({ phase: "local-only" });
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

describe("the prerendered first screen of /login (decision 0018)", () => {
  it("says what the Sign In page says, in the same layout", () => {
    const { container: real } = render(
      <MemoryRouter initialEntries={["/login"]}>
        <Routes>
          <Route element={<AuthLayout />}>
            <Route path="/login" element={<LoginPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    const page = real.querySelector(".auth-layout");
    expect(page?.querySelector("h1")?.textContent).toBe("Sign In");
    const words = squeeze(page?.textContent);
    const classes = [...(page?.querySelectorAll("[class]") ?? [])].map((element) => element.className);
    cleanup();

    const { container } = render(<StaticLoginShell />);
    const shell = container.querySelector(`[${STATIC_SHELL_ATTRIBUTE}]`);
    expect(squeeze(shell?.querySelector(".auth-layout")?.textContent)).toBe(words);
    // The same boxes, so the page does not jump when the app replaces the shell.
    const shellClasses = [...(shell?.querySelectorAll(".auth-layout [class]") ?? [])].map(
      (element) => element.className,
    );
    expect(shellClasses).toEqual(classes);
    expect(shell?.hasAttribute("inert")).toBe(true);
    expect(shell?.getAttribute("aria-hidden")).toBe("true");
    expect(shell?.querySelector("[id]")).toBeNull();
  });
});

// Issue 35: the build renders every first screen again with Spanish shown, as the app shows it; the
// app, starting in Spanish, replaces the shell with the same words in the same boxes.
describe("the prerendered first screens in Spanish", () => {
  beforeEach(() => showLanguage("es"));
  afterEach(() => showLanguage("en"));

  const signedIn = (num_logins: number): ClientSnapshot => ({
    ...anonymousSnapshot(),
    is_logged_in: true,
    username: "ada@example.edu",
    web_status: "started",
    num_logins,
  });
  const SNAPSHOTS: Record<FirstScreen, ClientSnapshot> = {
    visitor: anonymousSnapshot(),
    "signed-in-hello": signedIn(1),
    "signed-in-welcome-back": signedIn(2),
    "signed-in": signedIn(3),
  };

  it.each(FIRST_SCREENS)(
    "the %s screen says what the app says in Spanish: banner, h1, intro, note",
    (screen) => {
      const { container: real } = render(<WelcomeBanner snapshot={SNAPSHOTS[screen]} />);
      const banner = real.querySelector(".welcome-banner");
      const words = banner ? squeeze(banner.textContent) : null;
      cleanup();
      if (screen === "visitor") expect(words).toContain("No hay que pagar ninguna tarifa");

      for (const step of FORM_PAGES) {
        const page = formPages.find((candidate) => `/${candidate.id}` === step.path);
        if (!page) throw new Error(`no catalogue page for ${step.path}`);
        const spanish = pageInLanguage(page);
        expect(spanish.title).not.toBe(page.title);
        const { container } = render(<StaticFormShell page={page} path={step.path} screen={screen} />);
        const shellBanner = container.querySelector(".welcome-banner");
        expect(shellBanner ? squeeze(shellBanner.textContent) : null).toBe(words);
        expect(container.querySelector("h1")?.textContent).toBe(spanish.title);
        expect(squeeze(container.querySelector(".page-intro")?.textContent)).toBe(
          textForViewer(spanish.intro, { signedIn: screen !== "visitor" }) ?? "",
        );
        expect(squeeze(container.querySelector(".page-required-note")?.textContent)).toBe(
          "Las preguntas marcadas con un asterisco (*) son obligatorias.",
        );
        cleanup();
      }
    },
  );

  it("has the app's Spanish steps, save state and Account button", () => {
    // StepNav's words (it needs the form layout around it; the browser test compares the two).
    const steps = ["1Paso unoSobre usted", "2Paso dosSus estudios", "3Paso tresPasos finales"];
    updateSyncStatus({ phase: "idle", pending: 0 });
    const { container: status } = render(<SyncStatusIndicator />);
    const saved = squeeze(status.querySelector(".sync-status")?.textContent);
    expect(saved).toBe("Todos los cambios guardados");
    cleanup();
    updateSyncStatus({ phase: "local-only" });

    const page = formPages.find((candidate) => candidate.id === "education");
    if (!page) throw new Error("no education page");
    const { container } = render(<StaticFormShell page={page} path="/education" screen="signed-in" />);
    expect(
      [...container.querySelectorAll(".step-nav__link")].map((link) => squeeze(link.textContent)),
    ).toEqual(steps);
    expect(squeeze(container.querySelector(".sync-status")?.textContent)).toBe(saved);
    expect(container.querySelector(".account-button")?.textContent).toBe("Cuenta");
  });

  it("/login's says what the Sign In page says in Spanish, footer and switch included", () => {
    const { container: real } = render(
      <MemoryRouter initialEntries={["/login"]}>
        <Routes>
          <Route element={<AuthLayout />}>
            <Route path="/login" element={<LoginPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    const page = real.querySelector(".auth-layout");
    const words = squeeze(page?.textContent);
    const switchTo = page?.querySelector(".language-switch");
    expect(switchTo?.textContent).toBe("English");
    expect(switchTo?.getAttribute("lang")).toBe("en");
    cleanup();

    const { container } = render(<StaticLoginShell />);
    expect(squeeze(container.querySelector(".auth-layout")?.textContent)).toBe(words);
    expect(container.querySelector(".language-switch")?.getAttribute("lang")).toBe("en");
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { clear, get } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IOS_HINT_DECIDED_MARK, IOS_HINT_DISMISSED_KEY, IosInstallHint } from "./ios-install-hint";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const HINT = "Install this app: tap the Share button, then Add to Home Screen.";

beforeEach(async () => {
  await clear();
  performance.clearMarks(IOS_HINT_DECIDED_MARK);
});

/** The hint's latest decision once it is on screen (it first reads the device's storage). */
async function decision(): Promise<unknown> {
  await waitFor(() => expect(performance.getEntriesByName(IOS_HINT_DECIDED_MARK)).not.toHaveLength(0));
  return (performance.getEntriesByName(IOS_HINT_DECIDED_MARK).at(-1) as PerformanceMark).detail;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the iOS add-to-home-screen hint", () => {
  it("is shown on iOS Safari, and a dismissal is remembered on the device", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(IPHONE_SAFARI);
    const first = render(<IosInstallHint />);
    expect(await decision()).toBe("shown");
    expect(screen.getByText(HINT)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(HINT)).toBeNull();
    await waitFor(async () => expect(await get(IOS_HINT_DISMISSED_KEY)).toBe(true));
    first.unmount();

    performance.clearMarks(IOS_HINT_DECIDED_MARK);
    render(<IosInstallHint />);
    expect(await decision()).toBe("hidden");
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it("is not shown when the app already runs from the home screen", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(IPHONE_SAFARI);
    Object.defineProperty(navigator, "standalone", { value: true, configurable: true });
    try {
      render(<IosInstallHint />);
      expect(await decision()).toBe("hidden");
      expect(screen.queryByText(HINT)).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, "standalone");
    }
  });

  it("is not shown in other browsers", async () => {
    render(<IosInstallHint />);
    expect(await decision()).toBe("hidden");
    expect(screen.queryByText(HINT)).toBeNull();
  });
});

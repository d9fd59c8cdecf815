// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UpdatePrompt } from "./update-prompt";
import { getUpdateStatus, offerUpdate, resetUpdateStateForTests } from "./update-state";

afterEach(() => {
  cleanup();
  resetUpdateStateForTests();
});

describe("the update prompt", () => {
  it("keeps an empty polite status region until a new version waits", () => {
    render(<UpdatePrompt />);
    const region = screen.getByRole("status");
    expect(region.textContent).toBe("");
    act(() => offerUpdate(async () => {}));
    expect(region.textContent).toContain("A new version is available");
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
  });

  it("Later hides it without activating anything", () => {
    const activate = vi.fn(async () => {});
    render(<UpdatePrompt />);
    act(() => offerUpdate(activate));
    fireEvent.click(screen.getByRole("button", { name: "Later" }));
    expect(screen.queryByText("A new version is available")).toBeNull();
    expect(activate).not.toHaveBeenCalled();
  });

  it("Reload activates the waiting version", async () => {
    const activate = vi.fn(() => new Promise<void>(() => {}));
    render(<UpdatePrompt />);
    act(() => offerUpdate(activate));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    });
    expect(activate).toHaveBeenCalledTimes(1);
    expect(getUpdateStatus()).toBe("applying");
    expect((screen.getByRole("button", { name: "Later" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PendingButton } from "./pending-button";

afterEach(cleanup);

function Save({ onPress }: { onPress: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      <PendingButton isPending={busy} onPress={onPress}>
        Save and continue
      </PendingButton>
      <button type="button" onClick={() => setBusy((b) => !b)}>
        toggle
      </button>
    </>
  );
}

describe("a busy button", () => {
  it("keeps focus, says it is unavailable, ignores presses, and announces nothing", async () => {
    const onPress = vi.fn();
    render(<Save onPress={onPress} />);
    const save = screen.getByRole("button", { name: "Save and continue" });
    act(() => save.focus());
    act(() => fireEvent.click(screen.getByRole("button", { name: "toggle" })));
    act(() => save.focus());
    expect(save.getAttribute("aria-disabled")).toBe("true");
    expect(save.hasAttribute("data-busy")).toBe(true);
    expect(save.hasAttribute("disabled")).toBe(false);
    expect(document.activeElement).toBe(save);
    fireEvent.keyDown(save, { key: "Enter" });
    fireEvent.keyUp(save, { key: "Enter" });
    fireEvent.click(save);
    expect(onPress).not.toHaveBeenCalled();
    // React Aria's isPending would have put a reference to this button in its announcer.
    expect(document.querySelector("[data-live-announcer] [aria-labelledby]")).toBeNull();

    act(() => fireEvent.click(screen.getByRole("button", { name: "toggle" })));
    expect(save.hasAttribute("aria-disabled")).toBe(false);
    fireEvent.click(save);
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});

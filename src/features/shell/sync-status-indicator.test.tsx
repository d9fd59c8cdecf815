// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { QUIET_SYNC_STATUS, updateSyncStatus } from "../answers/sync-status";
import { mayBeCleared } from "./header-words";
import { SyncStatusIndicator } from "./sync-status-indicator";

afterEach(() => {
  cleanup();
  updateSyncStatus(QUIET_SYNC_STATUS);
});

/** The note's span and whether it is only room (hidden from sight and from assistive technology). */
function note(container: HTMLElement) {
  const span = container.querySelector(".sync-status__note");
  return (
    span && {
      text: span.textContent?.trim(),
      room: span.classList.contains("sync-status__note--room"),
      hidden: span.getAttribute("aria-hidden"),
    }
  );
}

describe("the header's note on a storage the browser may clear", () => {
  it("keeps its room in a visitor's header until the browser answers, so that its arrival moves nothing", () => {
    updateSyncStatus({ phase: "local-only", persistent: null });
    const { container, rerender } = render(<SyncStatusIndicator visitor />);
    expect(note(container)).toEqual({ text: mayBeCleared, room: true, hidden: "true" });
    // The status's accessible words are the phase's alone.
    expect(container.querySelector('[role="status"]')?.textContent?.startsWith("Saved on this device")).toBe(
      true,
    );

    updateSyncStatus({ persistent: false });
    rerender(<SyncStatusIndicator visitor />);
    expect(note(container)).toEqual({ text: mayBeCleared, room: false, hidden: null });

    updateSyncStatus({ persistent: true });
    rerender(<SyncStatusIndicator visitor />);
    expect(note(container)).toBeNull();
  });

  it("keeps no room in an applicant's header, where the account keeps the answers", () => {
    updateSyncStatus({ phase: "local-only", persistent: null });
    const { container } = render(<SyncStatusIndicator />);
    expect(note(container)).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The hold is module state: each scenario starts from a fresh module and its own fake clock.
let hold: typeof import("./announcement-hold");
beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  hold = await import("./announcement-hold");
});
afterEach(() => vi.useRealTimers());

describe("holding announcements while an action's outcome is said", () => {
  it("holds from the start of the action until a quiet moment after it ends", () => {
    const { announcementsHeld, holdAnnouncements, QUIET_AFTER_MS, subscribeAnnouncementHold } = hold;
    const changes: boolean[] = [];
    subscribeAnnouncementHold(() => changes.push(announcementsHeld()));
    expect(announcementsHeld()).toBe(false);
    const release = holdAnnouncements();
    expect(announcementsHeld()).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(announcementsHeld()).toBe(true);
    release();
    vi.advanceTimersByTime(QUIET_AFTER_MS - 1);
    expect(announcementsHeld()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(announcementsHeld()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("stays held while any action is under way, and a release counts once", () => {
    const { announcementsHeld, holdAnnouncements, QUIET_AFTER_MS } = hold;
    const first = holdAnnouncements();
    const second = holdAnnouncements();
    first();
    first();
    vi.advanceTimersByTime(QUIET_AFTER_MS * 2);
    expect(announcementsHeld()).toBe(true);
    second();
    vi.advanceTimersByTime(QUIET_AFTER_MS);
    expect(announcementsHeld()).toBe(false);
  });
});

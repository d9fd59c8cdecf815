import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { APPLICATION_PDF_LINK_SECONDS } from "../../shared/application-pdf";
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from "../../shared/messages";
import { fileNameFrom } from "./offline-copy";
import { isLinkStale, nextPollDelay, stateFromAnswer, stateFromError } from "./pdf-link-state";

// Spec §4 "PDF download" and §9 polling, as the link applies them.

describe("the PDF link's state", () => {
  it("is pending while the server makes the PDF, and polls every 1,000 ms", () => {
    for (const status of ["UNPROCESSED", "IN_PROGRESS"] as const) {
      const state = stateFromAnswer(
        { status, url: null, message: "Your application PDF is being prepared." },
        0,
      );
      expect(state).toStrictEqual({ phase: "pending", message: "Your application PDF is being prepared." });
      expect(nextPollDelay(state)).toBe(1_000);
    }
    expect(nextPollDelay({ phase: "starting" })).toBe(1_000);
  });

  it("is ready with the link once COMPLETED, then polls every 600,000 ms (each answer renews the link)", () => {
    const state = stateFromAnswer(
      { status: "COMPLETED", url: "/files/application-pdf?token=t", message: "Ready." },
      5,
    );
    expect(state).toStrictEqual({
      phase: "ready",
      url: "/files/application-pdf?token=t",
      message: "Ready.",
      receivedAt: 5,
    });
    expect(nextPollDelay(state)).toBe(600_000);
    expect(600_000).toBeLessThan(APPLICATION_PDF_LINK_SECONDS * 1000);
  });

  it("fails with the server's message, or the catalogue's generic one, then polls every 600,000 ms", () => {
    const failed = stateFromAnswer({ status: "FAILED", url: null, message: "We couldn't make it." }, 0);
    expect(failed).toStrictEqual({ phase: "failed", message: "We couldn't make it." });
    expect(nextPollDelay(failed)).toBe(600_000);
    expect(stateFromAnswer({ status: "FAILED", url: null, message: "" }, 0)).toStrictEqual({
      phase: "failed",
      message: GENERIC_ERROR_MESSAGE,
    });
    // COMPLETED without a link cannot be followed.
    expect(stateFromAnswer({ status: "COMPLETED", url: null, message: "Ready." }, 0)).toStrictEqual({
      phase: "failed",
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it("fails with the API client's message when the call fails (429, no answer, anything else)", () => {
    expect(stateFromError(new ApiError("server", "Please wait a few minutes.", 429))).toStrictEqual({
      phase: "failed",
      message: "Please wait a few minutes.",
    });
    expect(stateFromError(new ApiError("network", NETWORK_ERROR_MESSAGE))).toStrictEqual({
      phase: "failed",
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(stateFromError(new TypeError("boom"))).toStrictEqual({
      phase: "failed",
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it("does not poll offline, nor before anything is asked", () => {
    expect(nextPollDelay({ phase: "offline" })).toBeNull();
    expect(nextPollDelay({ phase: "idle" })).toBeNull();
  });

  it("polls the preview only while its PDF is being made: a poll of a changed application makes a new one (issue 36)", () => {
    const ready = stateFromAnswer({ status: "COMPLETED", url: "/x", message: "" }, 0);
    const failed = stateFromAnswer({ status: "FAILED", url: null, message: "No." }, 0);
    expect(nextPollDelay(ready, { settled: false })).toBeNull();
    expect(nextPollDelay(failed, { settled: false })).toBeNull();
    expect(nextPollDelay({ phase: "pending", message: "" }, { settled: false })).toBe(1_000);
    expect(nextPollDelay({ phase: "starting" }, { settled: false })).toBe(1_000);
  });

  it("treats a ready link as stale a minute before it expires (a tab that slept through its renewal)", () => {
    const state = stateFromAnswer({ status: "COMPLETED", url: "/x", message: "" }, 0);
    const lifetime = APPLICATION_PDF_LINK_SECONDS * 1000;
    expect(isLinkStale(state, lifetime - 61_000)).toBe(false);
    expect(isLinkStale(state, lifetime - 59_000)).toBe(true);
    expect(isLinkStale({ phase: "pending", message: "" }, lifetime * 2)).toBe(false);
  });
});

describe("the offline copy's file name", () => {
  it("is the server's Content-Disposition name, else application.pdf", () => {
    expect(
      fileNameFrom(
        `inline; filename="Northbridge application - Ada.pdf"; filename*=UTF-8''Northbridge%20application`,
      ),
    ).toBe("Northbridge application - Ada.pdf");
    expect(fileNameFrom(null)).toBe("application.pdf");
  });
});

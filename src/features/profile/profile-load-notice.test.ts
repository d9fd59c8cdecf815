import { describe, expect, it } from "vitest";
import { DEVICE_COPY_MESSAGE, PROFILE_UNREACHABLE_MESSAGE, profileLoadNotice } from "./profile-load-notice";

describe("what a failed profile load says", () => {
  it("says nothing when the profile loaded, or when the device is offline (the header says so)", () => {
    expect(profileLoadNotice(null)).toBeNull();
    expect(profileLoadNotice({ kind: "unreachable", offline: true, deviceCopy: true })).toBeNull();
  });

  it("reports server trouble in a toast, saying the device's copy is shown when it is", () => {
    expect(profileLoadNotice({ kind: "unreachable", offline: false, deviceCopy: true })).toEqual({
      as: "toast",
      title: "Unexpected Error",
      message: `${PROFILE_UNREACHABLE_MESSAGE} ${DEVICE_COPY_MESSAGE}`,
    });
    expect(profileLoadNotice({ kind: "unreachable", offline: false, deviceCopy: false })?.message).toBe(
      PROFILE_UNREACHABLE_MESSAGE,
    );
  });

  it("reports a refusal in the 'Unexpected Error' dialog with the server's message", () => {
    expect(profileLoadNotice({ kind: "failed", message: "Not allowed.", deviceCopy: true })).toEqual({
      as: "dialog",
      title: "Unexpected Error",
      message: `Not allowed. ${DEVICE_COPY_MESSAGE}`,
    });
  });

  it("says the server had a problem (with its message), never that it could not be reached", () => {
    expect(
      profileLoadNotice({ kind: "server-problem", message: "Profile broke.", deviceCopy: true }),
    ).toEqual({
      as: "toast",
      title: "Unexpected Error",
      message: `The server had a problem loading your application: Profile broke. ${DEVICE_COPY_MESSAGE}`,
    });
  });
});

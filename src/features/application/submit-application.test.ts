import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { GENERIC_ERROR_MESSAGE } from "../../shared/messages";
import type { WebStatus } from "../profile/client-snapshot";
import type { ErrorMap } from "./application-check";
import { SUBMIT_BUSY_MESSAGE, type SubmitSteps, submitApplication } from "./submit-application";

function steps(overrides: Partial<SubmitSteps> & { errors?: ErrorMap; waiting?: number } = {}) {
  const log: string[] = [];
  const base: SubmitSteps = {
    flush: async () => {
      log.push("flush");
    },
    pending: async () => overrides.waiting ?? 0,
    advance: async (status: WebStatus) => {
      log.push(`status ${status}`);
    },
    check: async () => overrides.errors ?? {},
    report: async (errors) => {
      log.push(`report ${Object.keys(errors).join(",")}`);
    },
    submit: async () => {
      log.push("submit");
      return {
        message: "Your application was successfully submitted.",
        submitted_at: "2026-11-21T08:00:00Z",
      };
    },
  };
  return { log, steps: { ...base, ...overrides } };
}

describe("submitting an application (spec §4)", () => {
  it("saves, validates, reports, submits, then records the status submitted", async () => {
    const { log, steps: s } = steps();
    expect(await submitApplication(s)).toEqual({ kind: "submitted" });
    expect(log).toEqual(["flush", "status validating", "report ", "flush", "submit", "status submitted"]);
  });

  it("stops at the device's errors, reporting them, without calling submit", async () => {
    const errors = { first_name: ["First name is required"] };
    const { log, steps: s } = steps({ errors });
    expect(await submitApplication(s)).toEqual({ kind: "errors", errors, server: false });
    expect(log).toContain("report first_name");
    expect(log).not.toContain("submit");
    expect(log).not.toContain("status submitted");
  });

  it("does not submit while answers are still waiting to reach the server", async () => {
    const { log, steps: s } = steps({ waiting: 2 });
    expect(await submitApplication(s)).toEqual({ kind: "unsent" });
    expect(log).not.toContain("submit");
  });

  it("shows the server's errors when it refuses the submission", async () => {
    const serverErrors = { legal_agree: ["You must certify that your answers are true."] };
    const { log, steps: s } = steps({
      submit: async () => {
        throw new ApiError("server", "We're missing some information!", 422, {
          message: "We're missing some information!",
          errors: serverErrors,
        });
      },
    });
    expect(await submitApplication(s)).toEqual({ kind: "errors", errors: serverErrors, server: true });
    expect(log).not.toContain("status submitted");
  });

  it("says no connection, a busy server and a server problem (with its message) apart, one try per click", async () => {
    let tries = 0;
    const offline = steps({
      submit: async () => {
        tries += 1;
        throw new ApiError("network", "offline");
      },
    });
    expect(await submitApplication(offline.steps)).toEqual({ kind: "unsent" });
    const busy = steps({
      submit: async () => {
        tries += 1;
        throw new ApiError("server", "Later.", 503, { message: "Later." }, 5_000);
      },
    });
    expect(await submitApplication(busy.steps)).toEqual({ kind: "failed", message: SUBMIT_BUSY_MESSAGE });
    const broke = steps({
      submit: async () => {
        tries += 1;
        throw new ApiError("server", "Submit broke", 500, { message: "Submit broke" });
      },
    });
    expect(await submitApplication(broke.steps)).toEqual({ kind: "failed", message: "Submit broke" });
    const portal = steps({
      submit: async () => {
        tries += 1;
        throw new ApiError("server", GENERIC_ERROR_MESSAGE, 200);
      },
    });
    expect(await submitApplication(portal.steps)).toEqual({ kind: "failed", message: GENERIC_ERROR_MESSAGE });
    expect(tries).toBe(4);
    const refused = steps({
      submit: async () => {
        throw new ApiError("unauthorized", "Your session is invalid.", 401);
      },
    });
    expect(await submitApplication(refused.steps)).toEqual({
      kind: "failed",
      message: "Your session is invalid.",
    });
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { showLanguage } from "../../i18n/translations";
import { checkApplication } from "./application-check";
import { reportValidations } from "./validation-report";

// Issue 35: the report the office receives (POST /api/validations) is in the catalogue's English,
// whatever language the applicant reads the same errors in.

const answers = { app_type: "1", zip: "12", country: "USA" };
const queueAction = vi.fn(async (_kind: string, _payload: unknown) => {});
vi.mock("../answers/answer-session", () => ({
  answerStore: { all: () => answers },
  loadSyncClient: async () => ({ queueAction }),
}));

afterEach(async () => {
  queueAction.mockClear();
  await showLanguage("en");
});

describe("the validation report", () => {
  it("goes to the office in English when the applicant reads Spanish", async () => {
    await showLanguage("es");
    const shown = await checkApplication("report-es@example.edu", answers);
    expect(shown.first_name).toEqual(["Nombre legal"]);

    await reportValidations("report-es@example.edu", shown, true);
    const [kind, report] = queueAction.mock.calls[0] ?? [];
    expect(kind).toBe("validations");
    expect(report).toMatchObject({
      first_name: ["Legal First Name"],
      zip: [expect.not.stringMatching(/código/)],
    });
    expect(Object.keys(report as object).sort()).toEqual(Object.keys(shown).sort());
  });

  it("goes as checked when the applicant reads English", async () => {
    const shown = await checkApplication("report-en@example.edu", answers);
    await reportValidations("report-en@example.edu", shown, true);
    expect(queueAction).toHaveBeenCalledWith("validations", shown);
  });
});

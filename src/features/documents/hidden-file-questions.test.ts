import { describe, expect, it } from "vitest";
import { applyAnswer } from "../../form/engine/apply-answer";
import { formPages } from "../../form/pages/form-pages";
import { hiddenFileQuestionFinder } from "./hidden-file-questions";

const find = hiddenFileQuestionFinder(formPages);

describe("file questions an answer hides", () => {
  const english = {
    citizenship_type: "2",
    citizenship: "FRA",
    english_proficiency_test: "Y",
    english_test_report: "ANSWERED",
  };

  it("name the English score report once no test will be submitted", () => {
    const changes = applyAnswer(formPages, english, "english_proficiency_test", "N");
    expect(find(changes, { ...english, ...changes })).toEqual(["english_test_report"]);
  });

  it("name it too when the whole English section goes (a U.S. citizen)", () => {
    const changes = applyAnswer(formPages, english, "citizenship_type", "1");
    expect(find(changes, { ...english, ...changes })).toContain("english_test_report");
  });

  it("are none while it stays shown, and typing elsewhere never looks", () => {
    const changes = applyAnswer(formPages, english, "toefl_test_taken", "true");
    expect(find(changes, { ...english, ...changes })).toEqual([]);
    expect(find({ first_name: "Ada" }, { first_name: "Ada" })).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { collegesSection } from "../pages/education/colleges";
import { blockHoldsAnswers, planBlockRemoval } from "./remove-block";

const three = {
  college_name: "Riverside Cmty College",
  college_ceeb: "4658",
  college_attend_from_month: "09",
  college_2_name: "Mistaken College",
  college_2_ceeb: "1111",
  college_3_name: "Univ Illinois Springfield",
  college_3_ceeb: "0834",
  college_3_attend_from_month: "01",
};

describe("removing a block of colleges (issue 37, point 9)", () => {
  it("moves the later blocks' answers up and empties the last one", () => {
    const { changes, files, stuck } = planBlockRemoval(collegesSection, 1, 3, three);
    const after = { ...three, ...Object.fromEntries(changes) };
    expect(after).toMatchObject({
      college_name: "Riverside Cmty College",
      college_2_name: "Univ Illinois Springfield",
      college_2_ceeb: "0834",
      college_2_attend_from_month: "01",
      college_3_name: "",
      college_3_ceeb: "",
      college_3_attend_from_month: "",
    });
    // The first block is untouched; nothing unchanged is written.
    expect(changes.map(([key]) => key).filter((key) => !/^college_[23]_/.test(key))).toStrictEqual([]);
    expect(changes).not.toContainEqual(["college_2_degree", ""]);
    expect([files, stuck]).toStrictEqual([[], []]);
  });

  it("removing the last block clears it only", () => {
    const { changes } = planBlockRemoval(collegesSection, 2, 3, three);
    expect(Object.fromEntries(changes)).toStrictEqual({
      college_3_name: "",
      college_3_ceeb: "",
      college_3_attend_from_month: "",
    });
  });

  it("deletes the removed block's file, and a later block's file stops the removal", () => {
    const withFiles = {
      ...three,
      college_2_transcript: "mistake.pdf",
      college_3_transcript: "springfield.pdf",
    };
    expect(planBlockRemoval(collegesSection, 2, 3, withFiles)).toMatchObject({
      files: ["college_3_transcript"],
      stuck: [],
    });
    expect(planBlockRemoval(collegesSection, 1, 3, withFiles)).toMatchObject({
      files: ["college_2_transcript"],
      stuck: ["college_3_transcript"],
    });
    // A file held on the device only counts too.
    expect(
      planBlockRemoval(collegesSection, 1, 2, three, (key) => key === "college_2_transcript").files,
    ).toStrictEqual(["college_2_transcript"]);
  });

  it("knows an empty block (removed without asking) from one that holds answers", () => {
    expect(blockHoldsAnswers(collegesSection, 1, 3, three)).toBe(true);
    expect(blockHoldsAnswers(collegesSection, 1, 2, { college_name: "x" })).toBe(false);
    // A file is not an answer here: the removal names it on its own.
    expect(blockHoldsAnswers(collegesSection, 1, 2, { college_2_transcript: "file" })).toBe(false);
  });
});

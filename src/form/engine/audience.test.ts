import { describe, expect, it } from "vitest";
import type { FormPage, Question } from "../catalogue-types";
import { aboutPage } from "../pages/about";
import { finalStepsPage } from "../pages/final-steps";
import { isForViewer, textForViewer, type Viewer } from "./audience";
import { hiddenAnswerKeys } from "./hidden-keys";
import { validateAnswers } from "./validate";
import { visiblePage } from "./visibility";

// Spec §6: some content shows only to non-service users (applicants), some only to service users.

const anonymous: Viewer = { signedIn: false };
const applicant: Viewer = { signedIn: true };
/** Not signed in: the service user reads someone else's application through a link. */
const serviceUser: Viewer = { signedIn: false, serviceUser: true };

/** A required text question for `audience`. */
const text = (key: string, audience?: Question["audience"]): Question => ({
  kind: "text",
  key,
  label: key,
  checks: [{ type: "required" }],
  ...(audience ? { audience } : {}),
});

const page: FormPage = {
  id: "final-steps",
  title: "Final Steps",
  intro: { text: "Answer a few final questions.", audience: "applicant" },
  sections: [
    {
      id: "main",
      title: "Main",
      description: { text: "Reviewers: read the comments in context.", audience: "service" },
      questions: [
        text("everyone"),
        text("signed_in", "signedIn"),
        text("applicants", "applicant"),
        text("reviewers", "service"),
      ],
    },
    { id: "review", title: "Review notes", audience: "service", questions: [text("review_note")] },
    { id: "help", title: "How to fill this in", audience: "applicant", questions: [text("help_seen")] },
  ],
};

function shown(viewer: Viewer): string[] {
  return visiblePage(page, {}, viewer).flatMap(({ section, blocks }) =>
    blocks.flatMap((block) => block.questions.map((question) => `${section.id}.${question.key}`)),
  );
}

describe("audiences", () => {
  it("show an anonymous visitor everything but signed-in-only and service-only content", () => {
    expect(shown(anonymous)).toEqual(["main.everyone", "main.applicants", "help.help_seen"]);
  });

  it("show a signed-in applicant their signed-in content too", () => {
    expect(shown(applicant)).toEqual([
      "main.everyone",
      "main.signed_in",
      "main.applicants",
      "help.help_seen",
    ]);
  });

  it("show the service user signed-in and service-only content, and no applicant-only content", () => {
    expect(shown(serviceUser)).toEqual([
      "main.everyone",
      "main.signed_in",
      "main.reviewers",
      "review.review_note",
    ]);
  });

  it("pick texts by audience: a plain string is for everyone", () => {
    expect(textForViewer(page.intro, applicant)).toBe("Answer a few final questions.");
    expect(textForViewer(page.intro, anonymous)).toBe("Answer a few final questions.");
    expect(textForViewer(page.intro, serviceUser)).toBeUndefined();
    const description = page.sections[0]?.description;
    expect(textForViewer(description, serviceUser)).toBe("Reviewers: read the comments in context.");
    expect(textForViewer(description, applicant)).toBeUndefined();
    expect(textForViewer("For all.", serviceUser)).toBe("For all.");
    expect(textForViewer("", applicant)).toBeUndefined();
    expect(textForViewer(undefined, applicant)).toBeUndefined();
  });

  it("never clear an answer, and never hold an applicant to a question they are not shown", () => {
    const answers = { review_note: "kept", reviewers: "kept", applicants: "kept" };
    expect([...hiddenAnswerKeys([page], answers)]).toEqual([]);
    const errors = validateAnswers([page], {}, { hostName: "Northbridge University", today: new Date() });
    expect(Object.keys(errors)).toEqual(["everyone", "signed_in", "applicants", "help_seen"]);
  });

  it.each([
    ["all", [true, true, true]],
    ["signedIn", [false, true, true]],
    ["applicant", [true, true, false]],
    ["service", [false, false, true]],
  ] as const)("%s: anonymous, applicant, service user", (audience, expected) => {
    expect([anonymous, applicant, serviceUser].map((viewer) => isForViewer(audience, viewer))).toEqual(
      expected,
    );
  });
});

describe("the catalogue's applicant-only instructions", () => {
  it("leave the page intros and the final steps' reassurances out of the service rendering", () => {
    expect(textForViewer(aboutPage.intro, applicant)).toContain("saved on this device");
    expect(textForViewer(aboutPage.intro, serviceUser)).toBeUndefined();
    const conduct = finalStepsPage.sections.find((section) => section.id === "conduct");
    expect(textForViewer(conduct?.description, anonymous)).toMatch(/^A yes answer does not/);
    expect(textForViewer(conduct?.description, serviceUser)).toBeUndefined();
  });
});

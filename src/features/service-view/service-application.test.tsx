// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TWO_COLLEGE_APPLICATION, TWO_COLLEGE_COUNTS } from "../../../tests/helpers/complete-application";
import type { FormPage } from "../../form/catalogue-types";
import { CERTIFICATION_TEXT } from "../../form/pages/final-steps";
import type { ServiceResponse } from "../../shared/api-types";
import { ServiceApplication } from "./service-application";

// Spec §6: the whole application, read-only, from the real catalogue and engine.

afterEach(cleanup);

const application = (changes: Partial<ServiceResponse> = {}): ServiceResponse => ({
  answer: { ...TWO_COLLEGE_APPLICATION },
  add_another: { ...TWO_COLLEGE_COUNTS },
  document_answer: {},
  tabs: {},
  ...changes,
});

/** The text of each list item of the boxes under `label`. */
/** Each box as printed, then as a screen reader names its mark: "[X] Transfer (Selected)". */
function boxes(label: string): string[] {
  const list = screen.getByRole("list", { name: label });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => `${item.textContent ?? ""} (${within(item).getByRole("img").getAttribute("aria-label")})`);
}

describe("the service rendering of a complete application", () => {
  it("shows the three steps as headings, in order, with no control to focus or press", () => {
    const { container } = render(<ServiceApplication application={application()} />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual([
      "Step One: About You",
      "Step Two: Your Academics",
      "Step Three: Final Steps",
    ]);
    expect(container.querySelectorAll("input, select, textarea, button, a[href], [tabindex]")).toHaveLength(
      0,
    );
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
  });

  it("shows radios and the certification as [X] / [ ] boxes with their labels", () => {
    render(<ServiceApplication application={application()} />);
    expect(boxes("How do you wish to apply?")).toEqual([
      "[X] Transfer (Selected)",
      "[ ] Second Degree (Not selected)",
      "[ ] Accelerated (Not selected)",
    ]);
    expect(boxes("Are any criminal charges currently pending against you?")).toEqual([
      "[ ] Yes (Not selected)",
      "[X] No (Selected)",
    ]);
    const certification = screen.getByText(CERTIFICATION_TEXT, { exact: false });
    expect(certification.textContent).toBe(`[X] ${CERTIFICATION_TEXT}`);
    expect(within(certification).getByRole("img", { name: "Selected" })).toBeTruthy();
  });

  it("shows coded answers by their label, dates in words and schools with their CEEB code", () => {
    const { container } = render(<ServiceApplication application={application()} />);
    const text = container.textContent ?? "";
    expect(text).toContain("Business Administration");
    expect(text).toContain("May 1, 2000");
    expect(text).toContain("June 2022");
    expect(text).toContain("Riverside Cmty College (CEEB 4658)");
    expect(text).toContain("Univ Illinois Springfield (CEEB 0834)");
    expect(text).toContain("August 2024");
  });

  it("shows as many college blocks as stored, each under its own heading", () => {
    render(<ServiceApplication application={application()} />);
    const colleges = screen.getByRole("region", { name: "Colleges and universities" });
    expect(
      within(colleges)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Colleges and universities 1", "Colleges and universities 2"]);
  });

  it("leaves out hidden answers and instructions meant for applicants", () => {
    const answer = { ...TWO_COLLEGE_APPLICATION, pending_charges_comment: "A stale explanation" };
    const { container } = render(<ServiceApplication application={application({ answer })} />);
    const text = container.textContent ?? "";
    expect(text).not.toContain("A stale explanation");
    expect(text).not.toContain("Please describe the pending charges");
    expect(text).not.toContain("saved on this device");
    expect(text).not.toContain("A yes answer does not automatically prevent your admission");
  });

  it("puts the applicant's name in the printed page margins", () => {
    const { container } = render(<ServiceApplication application={application()} />);
    expect(container.querySelector("style")?.textContent).toBe(
      '@page { @top-left { content: "Ada Lovelace"; } }',
    );
    expect(container.textContent).toContain("Ada Lovelace");
  });

  it("shows one college without a block heading when only one is stored", () => {
    const answer = Object.fromEntries(
      Object.entries(TWO_COLLEGE_APPLICATION).filter(([key]) => !key.startsWith("college_2_")),
    );
    const { container } = render(
      <ServiceApplication application={application({ answer, add_another: {} })} />,
    );
    const colleges = screen.getByRole("region", { name: "Colleges and universities" });
    expect(within(colleges).queryAllByRole("heading", { level: 3 })).toEqual([]);
    expect(container.textContent).not.toContain("Univ Illinois Springfield");
  });
});

describe("tabs, documents and audiences", () => {
  const pages: readonly FormPage[] = [
    {
      id: "education",
      title: "Your Academics",
      intro: { text: "Reviewer's note: transcripts are verified separately.", audience: "service" },
      sections: [
        {
          id: "transcript",
          title: "Transcript",
          questions: [{ kind: "text", key: "school", label: "School" }],
          tabs: {
            tabId: "transcript_tab",
            defaultTab: "upload",
            tabs: [
              {
                id: "upload",
                label: "Upload",
                questions: [{ kind: "text", key: "transcript", label: "Transcript file" }],
              },
              {
                id: "mail",
                label: "Send by mail",
                questions: [{ kind: "date", key: "mailed_on", label: "Mailed on" }],
              },
            ],
          },
        },
        {
          id: "help",
          title: "How to send a transcript",
          audience: "applicant",
          questions: [{ kind: "checkbox", key: "read_help", label: "I have read this" }],
        },
      ],
    },
  ];
  const answer = { school: "Riverside Cmty College", mailed_on: "2026-03-02", read_help: "true" };
  const document_answer = { transcript: { file_name: "transcript.pdf", file_size: 250_880 } };

  it("shows the chosen tab only, under its label", () => {
    const { container } = render(
      <ServiceApplication
        pages={pages}
        application={{ answer, add_another: {}, document_answer, tabs: { transcript_tab: "mail" } }}
      />,
    );
    const section = screen.getByRole("region", { name: "Transcript" });
    expect(within(section).getByRole("heading", { level: 3 }).textContent).toBe("Send by mail");
    expect(section.textContent).toContain("March 2, 2026");
    expect(container.textContent).not.toContain("Transcript file");
    expect(container.textContent).not.toContain("transcript.pdf");
  });

  it("shows the default tab's uploaded document as attached", () => {
    render(
      <ServiceApplication
        pages={pages}
        application={{ answer, add_another: {}, document_answer, tabs: {} }}
      />,
    );
    const section = screen.getByRole("region", { name: "Transcript" });
    expect(within(section).getByRole("heading", { level: 3 }).textContent).toBe("Upload");
    expect(section.textContent).toContain("Transcript file");
    expect(section.textContent).toContain("Attached: transcript.pdf (245kB)");
    expect(section.textContent).not.toContain("Mailed on");
  });

  it("shows service-only content and leaves applicant-only content out", () => {
    const { container } = render(
      <ServiceApplication
        pages={pages}
        application={{ answer, add_another: {}, document_answer, tabs: {} }}
      />,
    );
    expect(container.textContent).toContain("Reviewer's note: transcripts are verified separately.");
    expect(screen.queryByRole("region", { name: "How to send a transcript" })).toBeNull();
    expect(container.textContent).not.toContain("I have read this");
  });
});

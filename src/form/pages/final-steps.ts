import { partner } from "../../config/partner";
import type { FormPage, Question, Rule, Section } from "../catalogue-types";
import { personalStatementSection, resumeSection } from "./documents";
import { whenEquals, whenNo, whenYes, yesNoQuestion } from "./rule-builders";

const transfer = whenEquals("app_type", "1");

/**
 * Spec §4–§5: an explanation shown, and then required, only for the answer that needs one. An
 * explanation is a comment, not an essay: the text-area default of 1,500 characters (spec §5, §9),
 * which the inputs, the submit check and the server's save bound all read from here.
 */
function explanation(key: string, label: string, visibleWhen: Rule): Question {
  return { kind: "textarea", key, label, visibleWhen, checks: [{ type: "required" }] };
}

export const conductSection: Section = {
  id: "conduct",
  title: "Conduct",
  // Reassurance for the applicant; the reviewers reading the service rendering know it.
  description: {
    text: "A yes answer does not automatically prevent your admission. We review every explanation in context and keep it confidential.",
    audience: "applicant",
  },
  questions: [
    yesNoQuestion("criminal_charges_pending", "Are any criminal charges currently pending against you?", {
      checks: [{ type: "required" }],
    }),
    explanation(
      "pending_charges_comment",
      "Please describe the pending charges and their current status.",
      whenYes("criminal_charges_pending"),
    ),
    yesNoQuestion(
      "disciplinary_action",
      "Have you ever been placed on probation, suspended, dismissed or otherwise disciplined by a college or university, for academic or conduct reasons?",
      {
        visibleWhen: transfer,
        checks: [{ type: "required" }],
      },
    ),
    explanation(
      "disciplinary_action_comment",
      "Please describe what happened, when, and what you have learned from it.",
      whenYes("disciplinary_action"),
    ),
    yesNoQuestion(
      "return_institution",
      "Are you eligible to return to every college or university you have attended?",
      { visibleWhen: transfer, checks: [{ type: "required" }] },
    ),
    explanation(
      "return_institution_comment",
      "Please explain why you are not eligible to return.",
      whenNo("return_institution"),
    ),
    yesNoQuestion("conviction", "Have you ever been convicted of a misdemeanor, felony or other crime?", {
      description:
        "You do not need to report minor traffic violations, or records that have been sealed, expunged or annulled.",
      checks: [{ type: "required" }],
    }),
    explanation(
      "conviction_comment",
      "Please describe the conviction, including the date and the outcome.",
      whenYes("conviction"),
    ),
  ],
};

export const WAIVER_TEXT =
  "The Family Educational Rights and Privacy Act (FERPA) gives you the right, if you enroll, to see the recommendations written for your application. Do you waive your right to see them?";

export const CERTIFICATION_TEXT = `I certify that the information in my application is complete, accurate and my own. I understand that ${partner.name} may withdraw an offer of admission, or end my enrollment, if any of it is found to be false or incomplete.`;

export const waiverSection: Section = {
  id: "recommendation-waiver",
  title: "Recommendation waiver",
  description: {
    text: "Your choice does not affect how your application is reviewed. Some recommenders write only for applicants who waive this right, and admissions committees may give confidential letters more weight.",
    audience: "applicant",
  },
  questions: [
    {
      kind: "radio",
      key: "counselor_waiver_request",
      label: WAIVER_TEXT,
      options: {
        options: [
          { value: "Y", label: "Yes, I waive my right to see my recommendations." },
          { value: "N", label: "No, I do not waive my right to see my recommendations." },
        ],
      },
      checks: [{ type: "required" }],
    },
  ],
};

export const certificationSection: Section = {
  id: "certification",
  title: "Certification",
  questions: [
    {
      kind: "checkbox",
      key: "legal_agree",
      label: CERTIFICATION_TEXT,
      checks: [{ type: "mustBeTrue" }],
    },
  ],
};

/** Step Three, Final Steps (spec §3–§5): every "final-steps" key of the data model. */
export const finalStepsPage: FormPage = {
  id: "final-steps",
  title: "Final Steps",
  intro: {
    text: "Add your personal statement and résumé if you like, answer a few final questions, choose whether to waive your right to see your recommendations, and certify your application.",
    audience: "applicant",
  },
  sections: [personalStatementSection, resumeSection, conductSection, waiverSection, certificationSection],
};

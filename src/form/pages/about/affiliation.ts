import { partner } from "../../../config/partner";
import type { Section } from "../../catalogue-types";
import { whenEquals, whenYes, yesNoQuestion } from "../rule-builders";

const employeeKey = `${partner.hostKey}_employee`;

export const affiliationSection: Section = {
  id: "affiliations",
  title: "Connections and plans",
  questions: [
    yesNoQuestion(
      employeeKey,
      `Are you, or is your parent, guardian or spouse, an employee of ${partner.name}?`,
    ),
    {
      kind: "text",
      key: `${employeeKey}_first_name`,
      label: "Employee's First Name",
      visibleWhen: whenYes(employeeKey),
    },
    yesNoQuestion("ptk_member", "Are you a member of the Phi Theta Kappa Honor Society?"),
    yesNoQuestion("on_campus", "Do you plan to live on campus?", { checks: [{ type: "required" }] }),
    {
      kind: "select",
      key: "religious_affiliation",
      label: "Religious Affiliation",
      options: { list: "religions" },
    },
    yesNoQuestion("tap", "Do you plan to apply for a state Tuition Assistance Program (TAP) grant?"),
    yesNoQuestion("sage", "Are you a member of Tuition Rewards by SAGE Scholars?"),
    yesNoQuestion("tuition_exchange", "Are you applying for a Tuition Exchange scholarship?", {
      description:
        "Tuition Exchange offers scholarships to children of employees of participating colleges and universities.",
    }),
    yesNoQuestion("financial_aid", "Do you plan to apply for financial aid?", {
      description: `${partner.name}'s FAFSA school code is ${partner.testCodes.fafsa}.`,
    }),
    {
      kind: "select",
      key: "hear_about_us",
      label: `How did you hear about ${partner.name}?`,
      options: { list: "hearAboutUs" },
    },
    {
      kind: "text",
      key: "hear_about_us_other",
      label: "Please tell us how you heard about us",
      visibleWhen: whenEquals("hear_about_us", "other"),
    },
  ],
};

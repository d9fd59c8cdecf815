import { partner } from "../../../config/partner";
import type { Rule, Section } from "../../catalogue-types";
import { whenEquals, whenNo, whenYes, yesNoQuestion } from "../rule-builders";

const servesOrServed: Rule = { any: [whenYes("military_active"), whenYes("military_served")] };
const postNineEleven = whenEquals("gi_bill_chapter", "33");

export const militarySection: Section = {
  id: "military",
  title: "Military service",
  description: "Your answers help us connect you with military and veteran benefits.",
  questions: [
    yesNoQuestion("rotc", "Have you participated in ROTC (Reserve Officers' Training Corps)?"),
    yesNoQuestion("rotc_during", `Do you plan to continue ROTC during your studies at ${partner.name}?`, {
      visibleWhen: whenYes("rotc"),
    }),
    yesNoQuestion(
      "military_active",
      "Are you currently serving in the U.S. Armed Forces (active duty, Reserve or National Guard)?",
      // Spec §5: required when citizenship_type is 4.
      { checks: [{ type: "required", when: whenEquals("citizenship_type", "4") }] },
    ),
    yesNoQuestion(
      "federal_tuition_assistance",
      "Will you use Federal Tuition Assistance (TA) for your courses?",
      {
        visibleWhen: whenYes("military_active"),
      },
    ),
    yesNoQuestion("military_served", "Have you previously served in the U.S. Armed Forces?", {
      visibleWhen: whenNo("military_active"),
      // Spec §5: required when military_active is N.
      checks: [{ type: "required", when: whenNo("military_active") }],
    }),
    {
      kind: "select",
      key: "military_branch",
      label: "Branch of Service",
      options: { list: "militaryBranches" },
      visibleWhen: servesOrServed,
    },
    yesNoQuestion(
      "military_served_post911",
      "Have you served on active duty on or after September 11, 2001?",
      {
        visibleWhen: servesOrServed,
      },
    ),
    yesNoQuestion("dependent_veteran", "Are you the spouse or dependent of a veteran or service member?"),
    yesNoQuestion("gi_bill", "Do you plan to use GI Bill® education benefits?"),
    {
      kind: "select",
      key: "gi_bill_chapter",
      label: "GI Bill® Chapter",
      options: { list: "giBillChapters" },
      visibleWhen: whenYes("gi_bill"),
    },
    {
      kind: "select",
      key: "gi_bill_chapter_percent",
      label: "Post-9/11 GI Bill® Benefit Level",
      options: { list: "giBillPercents" },
      visibleWhen: postNineEleven,
    },
    yesNoQuestion("yellow_ribbon_program", "Do you plan to apply for the Yellow Ribbon Program?", {
      visibleWhen: postNineEleven,
    }),
  ],
};

import { partner } from "../../../config/partner";
import type { Section } from "../../catalogue-types";
import { whenYes, yesNoQuestion } from "../rule-builders";

const legacyKey = `legacy_${partner.hostKey}`;

export const legacySection: Section = {
  id: "legacy",
  title: `Family connections to ${partner.name}`,
  questions: [
    yesNoQuestion(legacyKey, `Has a member of your family attended ${partner.name}?`),
    {
      kind: "select",
      key: "legacy_type",
      label: "Which best describes your family connection?",
      options: { list: "legacyTypes" },
      visibleWhen: whenYes(legacyKey),
    },
  ],
};

/** Up to four family members; the questions are written for the first prefix, "legacy_". */
export const legacyRelativesSection: Section = {
  id: "legacy-relatives",
  title: "Family members",
  visibleWhen: whenYes(legacyKey),
  repeat: {
    buttonId: "legacy",
    buttonLabel: "Add another family member",
    prefixes: ["legacy_", "legacy_2_", "legacy_3_", "legacy_4_"],
  },
  // Someone else's details: no autocomplete tokens.
  questions: [
    {
      kind: "select",
      key: "legacy_relationship",
      label: "Relationship to You",
      options: { list: "legacyRelationships" },
    },
    { kind: "text", key: "legacy_first_name", label: "First Name" },
    { kind: "text", key: "legacy_last_name", label: "Last Name" },
    {
      kind: "select",
      key: "legacy_grad_year",
      label: "Graduation Year",
      options: { years: { count: 80, direction: "past" } },
    },
  ],
};

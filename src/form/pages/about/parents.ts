import type { Section } from "../../catalogue-types";
import { whenEquals, whenUnticked } from "../rule-builders";
import { addressQuestions } from "./address-questions";

const contactKeys = (prefix: string) => [`${prefix}email_address`, `${prefix}phone`, `${prefix}phone_type`];

export const parentsSection: Section = {
  id: "parents",
  title: "Parents and guardians",
  description:
    "Tell us about up to two parents or guardians. First choose who we may contact about your application; we ask for contact details only for them.",
  questions: [
    {
      kind: "radio",
      key: "parent_communication_preference",
      label: "Which parents or guardians may we contact about your application?",
      options: { list: "communicationPreferences" },
      // Spec §5: Parent 1's e-mail and phone are checked for "1" and "2", Parent 2's for "2".
      checks: [{ type: "custom", check: "parentContact" }],
    },
  ],
  // Spec §4 group: the contact fields of the first matching case are kept (and shown); the others
  // are hidden and cleared. With no choice yet, or "3" (neither), no contact fields are asked.
  groups: [
    {
      cases: [
        {
          when: whenEquals("parent_communication_preference", "2"),
          keys: [...contactKeys("parent_"), ...contactKeys("parent_2_")],
        },
        { when: whenEquals("parent_communication_preference", "1"), keys: contactKeys("parent_") },
      ],
    },
  ],
};

function parentSection(prefix: string, number: 1 | 2): Section {
  const name = `Parent ${number}/Guardian ${number}`;
  return {
    id: `parent-${number}`,
    title: name,
    messagePrefix: `${name}: `,
    // Someone else's details: no autocomplete tokens, which would fill in the applicant's own.
    questions: [
      {
        kind: "select",
        key: `${prefix}relationship`,
        label: "Relationship to You",
        options: { list: "relationships" },
      },
      { kind: "text", key: `${prefix}first_name`, label: "First Name" },
      { kind: "text", key: `${prefix}last_name`, label: "Last Name" },
      {
        kind: "text",
        key: `${prefix}email_address`,
        label: "Email Address",
        inputMode: "email",
        maxLength: 100,
      },
      { kind: "phone", key: `${prefix}phone`, label: "Phone Number" },
      { kind: "radio", key: `${prefix}phone_type`, label: "Phone Type", options: { list: "phoneTypes" } },
      {
        kind: "select",
        key: `${prefix}education`,
        label: "Highest Level of Education",
        options: { list: "educationLevels" },
      },
      {
        kind: "text",
        key: `${prefix}education_other`,
        label: "Please describe their education",
        visibleWhen: whenEquals(`${prefix}education`, "other"),
      },
      // Spec §4 confirmation checkbox: ticking it replaces this parent's address with yours.
      {
        kind: "checkbox",
        key: `${prefix}addr_same_as_stu_perm`,
        label: "This parent or guardian lives at my permanent address",
      },
      ...addressQuestions(prefix, { visibleWhen: whenUnticked(`${prefix}addr_same_as_stu_perm`) }),
    ],
  };
}

export const parent1Section = parentSection("parent_", 1);
export const parent2Section = parentSection("parent_2_", 2);

import type { FormPage } from "../catalogue-types";

/** Step One, About You. The form-engine issue completes this page; names come first. */
export const aboutPage: FormPage = {
  id: "about",
  title: "About You",
  intro: "Tell us who you are. Your answers are saved on this device as you type.",
  sections: [
    {
      id: "personal",
      title: "Your name",
      description: "Enter your name exactly as it appears on your passport or other official documents.",
      questions: [
        { kind: "text", key: "first_name", label: "Legal First Name", autoComplete: "given-name" },
        { kind: "text", key: "middle_name", label: "Middle Name", autoComplete: "additional-name" },
        { kind: "text", key: "last_name", label: "Last Name", autoComplete: "family-name" },
        {
          kind: "text",
          key: "preferred_name",
          label: "Preferred Name",
          description:
            "The name you would like us to use when we talk with you, if it differs from your legal name.",
          autoComplete: "nickname",
        },
      ],
    },
  ],
};

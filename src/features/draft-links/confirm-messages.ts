// Adding a link's answers to a signed-in account (confirm-linked-draft.tsx), as ICU messages in
// English; their Spanish is in draft-links.es.json (issue 35). The count's English is
// `linkHoldsEnglish` (English formats no plural without Lingui; a unit test holds the two equal).
export const addSavedAnswers = "Add your saved answers?";
export const linkHolds =
  "The link you opened holds {count, plural, one {# answer} other {# answers}} saved on another device. Add them to your application? Where you have changed an answer more recently, your newer answer is kept.";
export const notNow = "Not now";
export const addAnswers = "Add answers";

/** `linkHolds` in English. */
export const linkHoldsEnglish = (count: number) =>
  `The link you opened holds ${count === 1 ? "1 answer" : `${count} answers`} saved on another device. Add them to your application? Where you have changed an answer more recently, your newer answer is kept.`;

/** `linkHolds` in English. */

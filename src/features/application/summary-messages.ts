// The validation summary's own sentences (spec §2), as ICU messages in English; their Spanish is
// application.es.json beside this file (issue 35). The count's English is attentionCount's
// (validation-summary.tsx): English formats no plural on the first screen (decision 0025), and a
// unit test holds the two equal.
export const fixHighlighted = "Please fix the highlighted items below, then submit your application again.";
export const answersNeedAttention =
  "{count, plural, one {# answer needs attention.} other {# answers need attention.}}";

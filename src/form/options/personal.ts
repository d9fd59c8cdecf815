import { withEmptyOption } from "./empty-option";

/** "other" reveals a free-text answer (personal_pronoun_other). */
export const pronouns = withEmptyOption([
  { value: "he", label: "He/Him" },
  { value: "she", label: "She/Her" },
  { value: "they", label: "They/Them" },
  { value: "other", label: "Other" },
]);

/** The gender the applicant's records carry; gender identity is a separate, optional question. */
export const genders = withEmptyOption([
  { value: "F", label: "Female" },
  { value: "M", label: "Male" },
  { value: "X", label: "Another gender (X)" },
]);

export const genderIdentities = withEmptyOption([
  { value: "woman", label: "Woman" },
  { value: "man", label: "Man" },
  { value: "nonbinary", label: "Nonbinary" },
  { value: "trans_woman", label: "Trans woman or transgender woman" },
  { value: "trans_man", label: "Trans man or transgender man" },
  { value: "genderqueer", label: "Genderqueer or gender fluid" },
  { value: "agender", label: "Agender" },
  { value: "questioning", label: "Questioning or unsure" },
  { value: "another", label: "An identity not listed" },
  { value: "prefer_not", label: "Prefer not to say" },
]);

export const ethnicities = withEmptyOption([
  { value: "hispanic_latino", label: "Hispanic or Latino" },
  { value: "not_hispanic_latino", label: "Not Hispanic or Latino" },
]);

// ISO 639-3 codes (they tell Mandarin and Cantonese apart), by English name; "Other" last.
const LANGUAGES: readonly (readonly [string, string])[] = [
  ["sqi", "Albanian"],
  ["ase", "American Sign Language"],
  ["amh", "Amharic"],
  ["ara", "Arabic"],
  ["hye", "Armenian"],
  ["ben", "Bengali"],
  ["bos", "Bosnian"],
  ["bul", "Bulgarian"],
  ["yue", "Cantonese"],
  ["hrv", "Croatian"],
  ["ces", "Czech"],
  ["dan", "Danish"],
  ["nld", "Dutch"],
  ["eng", "English"],
  ["fil", "Filipino (Tagalog)"],
  ["fra", "French"],
  ["deu", "German"],
  ["ell", "Greek"],
  ["guj", "Gujarati"],
  ["hat", "Haitian Creole"],
  ["heb", "Hebrew"],
  ["hin", "Hindi"],
  ["hmn", "Hmong"],
  ["hun", "Hungarian"],
  ["ibo", "Igbo"],
  ["ind", "Indonesian"],
  ["ita", "Italian"],
  ["jpn", "Japanese"],
  ["khm", "Khmer"],
  ["kor", "Korean"],
  ["kur", "Kurdish"],
  ["lao", "Lao"],
  ["msa", "Malay"],
  ["mal", "Malayalam"],
  ["cmn", "Mandarin Chinese"],
  ["mar", "Marathi"],
  ["nep", "Nepali"],
  ["nor", "Norwegian"],
  ["pus", "Pashto"],
  ["fas", "Persian (Farsi)"],
  ["pol", "Polish"],
  ["por", "Portuguese"],
  ["pan", "Punjabi"],
  ["ron", "Romanian"],
  ["rus", "Russian"],
  ["srp", "Serbian"],
  ["som", "Somali"],
  ["spa", "Spanish"],
  ["swa", "Swahili"],
  ["swe", "Swedish"],
  ["tam", "Tamil"],
  ["tel", "Telugu"],
  ["tha", "Thai"],
  ["tir", "Tigrinya"],
  ["tur", "Turkish"],
  ["ukr", "Ukrainian"],
  ["urd", "Urdu"],
  ["vie", "Vietnamese"],
  ["yor", "Yoruba"],
];

export const languages = withEmptyOption([
  // Listed in English collation order, not sorted here (see countries.ts); options.test.ts checks.
  ...LANGUAGES.map(([value, label]) => ({ value, label })),
  { value: "other", label: "Other" },
]);

export const religions = withEmptyOption([
  { value: "none", label: "No religious affiliation" },
  { value: "agnostic", label: "Agnostic" },
  { value: "atheist", label: "Atheist" },
  { value: "bahai", label: "Baháʼí" },
  { value: "baptist", label: "Baptist" },
  { value: "buddhist", label: "Buddhist" },
  { value: "catholic", label: "Catholic" },
  { value: "christian", label: "Christian (other)" },
  { value: "episcopal", label: "Episcopalian" },
  { value: "hindu", label: "Hindu" },
  { value: "jewish", label: "Jewish" },
  { value: "latter_day_saints", label: "Latter-day Saints" },
  { value: "lutheran", label: "Lutheran" },
  { value: "methodist", label: "Methodist" },
  { value: "muslim", label: "Muslim" },
  { value: "orthodox", label: "Orthodox Christian" },
  { value: "presbyterian", label: "Presbyterian" },
  { value: "quaker", label: "Quaker" },
  { value: "sikh", label: "Sikh" },
  { value: "unitarian", label: "Unitarian Universalist" },
  { value: "other", label: "Other" },
  { value: "prefer_not", label: "Prefer not to say" },
]);

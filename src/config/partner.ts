// Partner (institution) configuration in one typed module. The institution is fictional.
export type Partner = {
  readonly name: string;
  readonly shortName: string;
  /** Substituted for {host} in answer keys such as `${hostKey}_employee`. */
  readonly hostKey: string;
  readonly applicationTitle: string;
  readonly addressLines: readonly string[];
  readonly helpEmail: string;
  readonly phone: string;
  readonly privacyPolicyUrl: string;
  readonly testCodes: {
    readonly act: string;
    readonly sat: string;
    readonly fafsa: string;
  };
  readonly longTextLimit: number;
  readonly environment: "production" | "development";
  readonly links: {
    readonly pdfReader: string;
    readonly cookieSettings: string;
    readonly analyticsOptOut: string;
  };
  readonly term: string;
};

export const partner = {
  name: "Northbridge University",
  shortName: "Northbridge",
  hostKey: "northbridge",
  applicationTitle: "Northbridge University Transfer & Accelerated Application",
  addressLines: [
    "Office of Undergraduate Admissions",
    "Northbridge University",
    "100 College Avenue",
    "Northbridge, ST 00000",
  ],
  helpEmail: "admissions-help@northbridge.example",
  phone: "(555) 010-2030",
  privacyPolicyUrl: "https://www.northbridge.example/privacy",
  // Codes are strings: leading zeros (FAFSA) are significant.
  testCodes: { act: "3560", sat: "2196", fafsa: "003258" },
  longTextLimit: 7000,
  environment: "production",
  links: {
    pdfReader: "https://get.adobe.com/reader/",
    cookieSettings: "https://www.northbridge.example/privacy/cookie-settings",
    analyticsOptOut: "https://tools.google.com/dlpage/gaoptout",
  },
  term: "Fall 2026",
} as const satisfies Partner;

// The "Continue on another device" dialog (issue 16) as ICU messages in English; their Spanish is
// draft-links.es.json beside this file (issue 35). The sentence with a count is formatted in English
// by code (`linkWorksEnglish`): English formats no plural without Lingui (decision 0025), and a
// unit test holds the two equal. The confirmation of a link's answers has its own module
// (confirm-messages.ts), so that each loads with its dialog and neither is a file of its own.
export const offlineText =
  "You're offline. Making a link needs a connection; your answers stay safe on this device. We'll make the link as soon as you're back online.";
export const tryAgain = "Try again";
export const makingLink = "Making your link…";
export const makeNewLink = "Make a new link";
export const linkWorks =
  "Open this link on your other device to continue there with {count, plural, one {the answer} other {the # answers}} saved on this one. It works until {until}, or until you make a new link.";
export const keepToYourself = "Anyone who has this link can see these answers: keep it to yourself.";
export const yourLink = "Your link";
export const copyLink = "Copy link";
export const showQrCode = "Show QR code";
export const hideQrCode = "Hide QR code";
export const linkCopied = "Link copied.";
export const linkSelected = "The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.";
export const drawingQrCode = "Drawing the QR code…";
export const qrCodeLabel = "QR code of your link: scan it with your other device's camera";
export const forgetLink = "Forget this link";
export const emailMeLink = "E-mail me this link (optional)";
export const addressOnlyFor = "We use the address only to send you this link.";
export const send = "Send";

/** `linkWorks` in English. */
export const linkWorksEnglish = (count: number, until: string) =>
  `Open this link on your other device to continue there with ${count === 1 ? "the answer" : `the ${count} answers`} saved on this one. It works until ${until}, or until you make a new link.`;

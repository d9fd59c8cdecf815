// The language kept with the account (issue 35): the device tells the server the applicant's
// switch while signed in, and at sign-in the two are reconciled. Loaded with the switch's press or
// the sign-in page, never by a first screen.
import { loadSyncClient } from "../features/answers/answer-session";
import { DEVICE_OWNER } from "../features/answers/owners";
import { apiRequest } from "../lib/api-client";
import { readSessionHint } from "../lib/session-hint";
import { isLanguage, type Language, storedLanguage } from "./language";
import { keepForFirstScreens } from "./language-cookie";
import { chooseLanguage, currentLanguage } from "./translations";

/**
 * Keeps the applicant's switch to `language` beyond this page: in the cookie the server sends first
 * screens by, and with the signed-in applicant's account (nothing more when signed out). A switch
 * on a form page goes through the sync queue, as answers do: made offline, it reaches the account
 * when the network allows (the receipt mail and the application PDF are in the account's language).
 */
export async function keepWithAccount(language: Language): Promise<void> {
  keepForFirstScreens(language);
  if (!(await readSessionHint())) return;
  const syncClient = await loadSyncClient();
  if (syncClient.owner !== DEVICE_OWNER) {
    await syncClient.queueAction("language", { language }, "language");
    return;
  }
  await tellAccount(language);
}

/** Sent at once (just signed in, so online); not kept when refused: the next sign-in sends it again. */
async function tellAccount(language: Language): Promise<void> {
  if (!(await readSessionHint())) return;
  await apiRequest("POST", "/api/language", { body: { language } }).catch(() => {});
}

/**
 * After sign-in: a device that never chose a language shows the account's; otherwise the language
 * the applicant is reading, chosen on this device, is the latest choice and the account keeps it.
 */
export async function reconcileAtSignIn(accountLanguage: unknown): Promise<void> {
  const account = isLanguage(accountLanguage) ? accountLanguage : null;
  if (account !== null && storedLanguage() === null) {
    await chooseLanguage(account).then(
      () => keepForFirstScreens(account),
      () => {},
    );
    return;
  }
  const shown = currentLanguage();
  if (shown !== account) await tellAccount(shown);
}

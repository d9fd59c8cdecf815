import { Button } from "react-aria-components";
import { showErrorToast, thisScreen } from "../components/toasts";
import * as shellMessages from "../features/shell/shell-messages";
import { switchTarget } from "./language";
import { chooseLanguage } from "./translations";
import { useLanguage } from "./use-language";

/**
 * "Español" on the English pages, "English" on the Spanish ones (issue 35), each in its own
 * language (`lang`, WCAG 3.1.2). Answers are codes: switching changes words only. A `?lang=` in
 * the address is dropped, so a reload keeps the choice rather than the link's.
 */
export function LanguageSwitch() {
  const { language, t } = useLanguage();
  const target = switchTarget(language);
  return (
    <Button
      className="link-button language-switch"
      lang={target.language}
      onPress={() => {
        // The other language's file not loading (offline before it was cached) changes nothing.
        chooseLanguage(target.language).then(
          () => {
            dropLanguageParameter();
            // Kept with a signed-in applicant's account too, for their mails (its own file).
            void import("./account-language").then((module) => module.keepWithAccount(target.language));
          },
          () =>
            showErrorToast(
              t(shellMessages.languageError),
              t(shellMessages.languageNotLoaded, { language: target.name }),
              {
                screen: thisScreen(),
              },
            ),
        );
      }}
    >
      {target.name}
    </Button>
  );
}

function dropLanguageParameter(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("lang")) return;
  url.searchParams.delete("lang");
  window.history.replaceState(window.history.state, "", url);
}

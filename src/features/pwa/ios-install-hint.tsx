import { get, set } from "idb-keyval";
import { useEffect, useState } from "react";
import { Button } from "react-aria-components";
import { useLanguage } from "../../i18n/use-language";
import { isStandalone } from "./display-mode";
import { dismissHint, iosInstall } from "./install-messages";

/** idb-keyval key remembering that the applicant dismissed the hint on this device. */
export const IOS_HINT_DISMISSED_KEY = "pwa:ios-install-hint-dismissed";

export type BrowserIdentity = { userAgent: string; platform: string; maxTouchPoints: number };

/**
 * True for Safari on iPhone, iPod or iPad, where installing is "Share → Add to Home Screen" and
 * no `beforeinstallprompt` ever comes. iPadOS 13+ Safari poses as a Mac ("Macintosh", platform
 * MacIntel); only its touch points give it away. Other iOS browsers (Chrome, Firefox, Edge, Opera,
 * in-app views) name themselves and are left out.
 */
export function isIosSafari({ userAgent, platform, maxTouchPoints }: BrowserIdentity): boolean {
  const iosDevice = /\b(iPhone|iPad|iPod)\b/.test(userAgent);
  const iPadAsMac = platform === "MacIntel" && maxTouchPoints > 1 && /\bMacintosh\b/.test(userAgent);
  if (!iosDevice && !iPadAsMac) return false;
  const otherBrowser = /\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|YaBrowser|GSA|FBAN|FBAV|Instagram|Line)\//.test(
    userAgent,
  );
  return /\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent) && !otherBrowser;
}

function shouldOffer(): boolean {
  if (typeof navigator === "undefined") return false;
  return isIosSafari(navigator) && !isStandalone();
}

/**
 * Performance mark set once the hint's decision is on screen, with the decision as its detail
 * ("shown" or "hidden"). Deciding takes a local read, so a test (or a profile) waits for this mark
 * rather than for a time that a slow device might overrun.
 */
export const IOS_HINT_DECIDED_MARK = "ios-install-hint-decided";

type Decision = "deciding" | "shown" | "hidden";

/** Footer hint for iOS Safari, which has no install prompt; hidden for good once dismissed. */
export function IosInstallHint() {
  const [decision, setDecision] = useState<Decision>("deciding");
  const { t } = useLanguage();
  useEffect(() => {
    if (!shouldOffer()) {
      setDecision("hidden");
      return;
    }
    let active = true;
    get<boolean>(IOS_HINT_DISMISSED_KEY)
      .then((dismissed) => {
        if (active) setDecision(dismissed === true ? "hidden" : "shown");
      })
      // No storage (private mode, quota): offering the hint is still better than not.
      .catch(() => {
        if (active) setDecision("shown");
      });
    return () => {
      active = false;
    };
  }, []);
  useEffect(() => {
    // Effects run after the commit: when the mark exists, the page shows what it says.
    if (decision !== "deciding") performance.mark?.(IOS_HINT_DECIDED_MARK, { detail: decision });
  }, [decision]);
  if (decision !== "shown") return null;
  const dismiss = () => {
    setDecision("hidden");
    set(IOS_HINT_DISMISSED_KEY, true).catch((error: unknown) =>
      console.warn("could not store dismissal", error),
    );
  };
  return (
    <div className="install-hint">
      <p className="install-hint__text">{t(iosInstall)}</p>
      <Button className="link-button" onPress={dismiss}>
        {t(dismissHint)}
      </Button>
    </div>
  );
}

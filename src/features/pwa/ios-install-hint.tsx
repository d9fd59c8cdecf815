import { get, set } from "idb-keyval";
import { useEffect, useState } from "react";
import { Button } from "react-aria-components";
import { isStandalone } from "./display-mode";

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

/** Footer hint for iOS Safari, which has no install prompt; hidden for good once dismissed. */
export function IosInstallHint() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!shouldOffer()) return;
    let active = true;
    get<boolean>(IOS_HINT_DISMISSED_KEY)
      .then((dismissed) => {
        if (active && dismissed !== true) setVisible(true);
      })
      // No storage (private mode, quota): offering the hint is still better than not.
      .catch(() => {
        if (active) setVisible(true);
      });
    return () => {
      active = false;
    };
  }, []);
  if (!visible) return null;
  const dismiss = () => {
    setVisible(false);
    set(IOS_HINT_DISMISSED_KEY, true).catch((error: unknown) =>
      console.warn("could not store dismissal", error),
    );
  };
  return (
    <div className="install-hint">
      <p className="install-hint__text">Install this app: tap the Share button, then Add to Home Screen.</p>
      <Button className="link-button" onPress={dismiss}>
        Dismiss
      </Button>
    </div>
  );
}

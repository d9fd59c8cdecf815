import { type RefObject, useState } from "react";
import { Button, Dialog, Heading, Link, Popover } from "react-aria-components";
import { useNavigate } from "react-router-dom";
import { preloadPage } from "../../app/route-modules";
import { AriaLocale } from "../../i18n/aria-locale";
import { useLanguage } from "../../i18n/use-language";
import { SIGNED_OUT_MESSAGE } from "../../shared/messages";
import { answerStore } from "../answers/answer-session";
import { useAnonymousWithAnswers } from "../answers/use-anonymous-with-answers";
import { ContinueOnAnotherDeviceButton } from "../draft-links/continue-on-another-device";
import type { ClientSnapshot } from "../profile/client-snapshot";
import { logOut, reportLogOutFailure, unsentChanges } from "../session/log-out";
import * as words from "./account-menu-messages";
import { account } from "./shell-messages";
import { unsentWarning, unsentWarningEnglish } from "./unsent-warning";

type AccountMenuProps = {
  snapshot: ClientSnapshot;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
};

/** Spec §2 account popover: the signed-in user and Log Out, or Sign In / Create Account. */
export function AccountMenu({ snapshot, triggerRef, onClose }: AccountMenuProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  /** Changes still unsent when the user asked to log out: they are warned before going. */
  const [unsent, setUnsent] = useState(0);
  const anonymousWithAnswers = useAnonymousWithAnswers(snapshot.is_logged_in);
  const { language, t } = useLanguage();

  async function onLogOut(anyway: boolean) {
    setBusy(true);
    try {
      const waiting = anyway ? 0 : await unsentChanges();
      if (waiting > 0) {
        setUnsent(waiting);
        return;
      }
      const outcome = await logOut();
      navigate("/login", { state: { errorMessage: SIGNED_OUT_MESSAGE } });
      reportLogOutFailure(outcome);
    } finally {
      setBusy(false);
    }
  }

  const carry = () => ({ studentAnswers: answerStore.all() });

  return (
    <AriaLocale>
      <Popover
        className="popover"
        offset={5}
        placement="bottom end"
        triggerRef={triggerRef}
        isOpen
        onOpenChange={(isOpen) => {
          if (!isOpen) onClose();
        }}
      >
        <Dialog className="popover__dialog" aria-labelledby="account-heading">
          <div className="popover__header">
            <Heading slot="title" id="account-heading">
              {t(account)}
            </Heading>
            <Button className="icon-button" aria-label={t(words.close)} onPress={onClose}>
              <span aria-hidden="true">×</span>
            </Button>
          </div>
          {snapshot.is_logged_in && unsent > 0 ? (
            <div className="popover__body" role="alert">
              <p>{language === "en" ? unsentWarningEnglish(unsent) : t(unsentWarning, { count: unsent })}</p>
              <Button className="button button--primary" onPress={onClose} autoFocus>
                {t(words.staySignedIn)}
              </Button>
              <Button className="button button--secondary" isDisabled={busy} onPress={() => onLogOut(true)}>
                {t(words.logOutAnyway)}
              </Button>
            </div>
          ) : snapshot.is_logged_in ? (
            <div className="popover__body">
              <p className="popover__username">{snapshot.username}</p>
              <Button className="button button--secondary" isDisabled={busy} onPress={() => onLogOut(false)}>
                {t(words.logOutAction)}
              </Button>
            </div>
          ) : (
            <div className="popover__body popover__actions">
              <Link
                className="button button--primary"
                href="/login"
                routerOptions={{ state: carry() }}
                onHoverStart={() => preloadPage("login")}
                onPress={onClose}
              >
                {t(words.signInAction)}
              </Link>
              <Link
                className="button button--secondary"
                href="/signup"
                routerOptions={{ state: carry() }}
                onHoverStart={() => preloadPage("signup")}
                onPress={onClose}
              >
                {t(words.createAccountAction)}
              </Link>
              {anonymousWithAnswers ? <ContinueOnAnotherDeviceButton onOpen={onClose} /> : null}
            </div>
          )}
        </Dialog>
      </Popover>
    </AriaLocale>
  );
}

import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Button, Input, Label, TextField } from "react-aria-components";
import { Modal } from "../../components/modal";
import { PendingButton } from "../../components/pending-button";
import { useLanguage } from "../../i18n/use-language";
import { ApiError } from "../../lib/api-client";
import { lazyPart } from "../../lib/load-part";
import { useOnline } from "../../lib/use-online";
import { DRAFT_LINK_MESSAGES } from "../../shared/draft-links";
import { GENERIC_ERROR_MESSAGE } from "../../shared/messages";
import * as m from "./continue-dialog-messages";
import { CONTINUE_LABEL } from "./continue-dialog-state";
import { forgetDraftLink } from "./draft-link-api";
import { EmailLinkForm } from "./email-link-form";
import { type MadeLink, makeDraftLink } from "./make-draft-link";

// The QR encoder is its own chunk: only someone who asks for the code downloads it.
const QrCode = lazyPart(() => import("./qr-code").then((m) => ({ default: m.QrCode })));

type State =
  | { step: "offline" }
  | { step: "making" }
  | { step: "ready"; link: MadeLink }
  | { step: "failed"; message: string }
  | { step: "forgotten" };

/**
 * "Continue on another device" (issue 16): sends this device's draft as soon as it opens and shows
 * the link, with Copy, a QR code on request, "E-mail me this link" and "Forget this link". Each
 * opening makes a new link and so ends the previous one.
 */
export function ContinueDialog({ onClose }: { onClose: () => void }) {
  const online = useOnline();
  const { t, text } = useLanguage();
  const [state, setState] = useState<State>(() => ({ step: navigator.onLine ? "making" : "offline" }));

  // Only the latest attempt may show its link: an earlier one's token has been replaced by then.
  const attempt = useRef(0);
  const make = useCallback(async () => {
    const mine = ++attempt.current;
    if (!navigator.onLine) return setState({ step: "offline" });
    setState({ step: "making" });
    let next: State;
    try {
      next = { step: "ready", link: await makeDraftLink() };
    } catch (error) {
      if (error instanceof ApiError && error.kind === "network") next = { step: "offline" };
      else
        next = { step: "failed", message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE };
    }
    if (mine === attempt.current) setState(next);
  }, []);

  // The first link is made as the dialog opens (or once it is online); a dialog that found no
  // network tries again when the browser reports being back online.
  const started = useRef(false);
  const wasOnline = useRef(online);
  const step = useRef(state.step);
  step.current = state.step;
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!online) return;
    if (!started.current || (cameBack && step.current === "offline")) {
      started.current = true;
      void make();
    }
  }, [online, make]);

  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t(CONTINUE_LABEL)}
      size="xs"
    >
      <div className="draft-link">
        {state.step === "offline" ? (
          <>
            <p role="status">{t(m.offlineText)}</p>
            <Button className="button button--secondary" onPress={make}>
              {t(m.tryAgain)}
            </Button>
          </>
        ) : null}
        {state.step === "making" ? <p role="status">{t(m.makingLink)}</p> : null}
        {state.step === "failed" ? (
          <>
            <p role="alert">{text(state.message)}</p>
            <Button className="button button--primary" onPress={make} autoFocus>
              {t(m.tryAgain)}
            </Button>
          </>
        ) : null}
        {state.step === "forgotten" ? (
          <>
            <p role="status">{text(DRAFT_LINK_MESSAGES.forgotten)}</p>
            <Button className="button button--secondary" onPress={make} autoFocus>
              {t(m.makeNewLink)}
            </Button>
          </>
        ) : null}
        {state.step === "ready" ? (
          <ReadyLink link={state.link} onForgotten={() => setState({ step: "forgotten" })} />
        ) : null}
      </div>
    </Modal>
  );
}

function ReadyLink({ link, onForgotten }: { link: MadeLink; onForgotten: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState("");
  const [showQr, setShowQr] = useState(false);
  const [forgetError, setForgetError] = useState("");
  const [forgetting, setForgetting] = useState(false);
  const { language, t, text } = useLanguage();
  const until = new Date(link.expires_at).toLocaleDateString(language === "es" ? "es-US" : "en-US", {
    dateStyle: "long",
  });

  // The link replaces "Making your link…": focus goes to it, so it is read out and ready to copy.
  useEffect(() => {
    input.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopyStatus(m.linkCopied);
    } catch {
      // No clipboard access (an old browser, a refused permission): leave the link selected instead.
      input.current?.focus();
      input.current?.select();
      setCopyStatus(m.linkSelected);
    }
  }

  async function forget() {
    setForgetting(true);
    setForgetError("");
    try {
      await forgetDraftLink(link.token);
      onForgotten();
    } catch (error) {
      setForgetError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setForgetting(false);
    }
  }

  const count = link.answerCount;
  return (
    <>
      <p>{language === "en" ? m.linkWorksEnglish(count, until) : t(m.linkWorks, { count, until })}</p>
      <p className="draft-link__warning">{t(m.keepToYourself)}</p>
      <TextField className="field" value={link.url} isReadOnly>
        <Label className="field__label">{t(m.yourLink)}</Label>
        <Input
          ref={input}
          className="field__input draft-link__url"
          onFocus={(e) => e.currentTarget.select()}
        />
      </TextField>
      <div className="draft-link__actions">
        <Button className="button button--primary" onPress={copy}>
          {t(m.copyLink)}
        </Button>
        <Button
          className="button button--secondary"
          aria-expanded={showQr}
          onPress={() => setShowQr((was) => !was)}
        >
          {t(showQr ? m.hideQrCode : m.showQrCode)}
        </Button>
      </div>
      <p role="status" className="draft-link__status">
        {copyStatus ? t(copyStatus) : ""}
      </p>
      {showQr ? (
        <Suspense fallback={<p role="status">{t(m.drawingQrCode)}</p>}>
          <QrCode value={link.url} label={t(m.qrCodeLabel)} />
        </Suspense>
      ) : null}
      <EmailLinkForm token={link.token} />
      <div className="draft-link__forget">
        <PendingButton className="button button--secondary" isPending={forgetting} onPress={forget}>
          {t(m.forgetLink)}
        </PendingButton>
        {forgetError ? <p role="alert">{text(forgetError)}</p> : null}
      </div>
    </>
  );
}

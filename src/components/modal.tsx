import { type ReactNode, useId } from "react";
import { Modal as AriaModal, Button, Dialog, Heading, ModalOverlay } from "react-aria-components";
import { AriaLocale } from "../i18n/aria-locale";
import { useLanguage } from "../i18n/use-language";

export type ModalSize = "xs" | "s" | "m";

type ModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Spec §2: the header defaults to "Error". */
  title?: string;
  size?: ModalSize;
  /**
   * What the dialog says (a confirmation's question, a warning): shown first in the body and linked
   * to the dialog with `aria-describedby`, so it is read with the title when the dialog opens
   * (decision 0016). Every alert dialog has one. A text is one paragraph, in the page's language
   * when the catalogue knows it (a server's message it does not know is shown as it came).
   */
  message?: ReactNode;
  children?: ReactNode;
  /** Alert dialogs (errors, confirmations) are announced as such and not dismissed by clicking outside. */
  role?: "dialog" | "alertdialog";
};

/** A modal dialog with a header, a close button, and focus kept inside until it closes. */
export function Modal({
  isOpen,
  onOpenChange,
  title = "Error",
  size = "s",
  message,
  children,
  role = "dialog",
}: ModalProps) {
  const messageId = useId();
  const { text } = useLanguage();
  return (
    <AriaLocale>
      <ModalOverlay
        className="modal-overlay"
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        isDismissable={role === "dialog"}
      >
        <AriaModal className={`modal modal--${size}`}>
          <Dialog
            className="modal__dialog"
            role={role}
            aria-describedby={message !== undefined ? messageId : undefined}
          >
            <div className="modal__header">
              <Heading slot="title" className="modal__title">
                {text(title)}
              </Heading>
              <Button slot="close" className="icon-button" aria-label={text("Close")}>
                <span aria-hidden="true">×</span>
              </Button>
            </div>
            <div className="modal__body">
              {message !== undefined ? (
                <div id={messageId} className="modal__message">
                  {typeof message === "string" ? <p>{text(message)}</p> : message}
                </div>
              ) : null}
              {children}
            </div>
          </Dialog>
        </AriaModal>
      </ModalOverlay>
    </AriaLocale>
  );
}

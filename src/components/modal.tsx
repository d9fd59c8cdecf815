import type { ReactNode } from "react";
import { Modal as AriaModal, Button, Dialog, Heading, ModalOverlay } from "react-aria-components";

export type ModalSize = "xs" | "s" | "m";

type ModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Spec §2: the header defaults to "Error". */
  title?: string;
  size?: ModalSize;
  children: ReactNode;
  /** Alert dialogs (errors, confirmations) are announced as such and not dismissed by clicking outside. */
  role?: "dialog" | "alertdialog";
};

/** A modal dialog with a header, a close button, and focus kept inside until it closes. */
export function Modal({
  isOpen,
  onOpenChange,
  title = "Error",
  size = "s",
  children,
  role = "dialog",
}: ModalProps) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={role === "dialog"}
    >
      <AriaModal className={`modal modal--${size}`}>
        <Dialog className="modal__dialog" role={role}>
          <div className="modal__header">
            <Heading slot="title" className="modal__title">
              {title}
            </Heading>
            <Button slot="close" className="icon-button" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Button>
          </div>
          <div className="modal__body">{children}</div>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

import { type RefObject, useState } from "react";
import { Button, Dialog, Heading, Link, Popover } from "react-aria-components";
import { useNavigate } from "react-router-dom";
import { preloadPage } from "../../app/route-modules";
import { UNAUTHORIZED_MESSAGE } from "../../shared/messages";
import { answerStore } from "../answers/answer-session";
import type { ClientSnapshot } from "../profile/client-snapshot";
import { logOut } from "../session/log-out";

type AccountMenuProps = {
  snapshot: ClientSnapshot;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
};

/** Spec §2 account popover: the signed-in user and Log Out, or Sign In / Create Account. */
export function AccountMenu({ snapshot, triggerRef, onClose }: AccountMenuProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onLogOut() {
    setBusy(true);
    try {
      await logOut();
    } finally {
      setBusy(false);
      navigate("/login", { state: { errorMessage: UNAUTHORIZED_MESSAGE } });
    }
  }

  const carry = () => ({ studentAnswers: answerStore.all() });

  return (
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
        {({ close }) => (
          <>
            <div className="popover__header">
              <Heading slot="title" id="account-heading">
                Account
              </Heading>
              <Button className="icon-button" aria-label="Close" onPress={close}>
                <span aria-hidden="true">×</span>
              </Button>
            </div>
            {snapshot.is_logged_in ? (
              <div className="popover__body">
                <p className="popover__username">{snapshot.username}</p>
                <Button className="button button--secondary" isDisabled={busy} onPress={onLogOut}>
                  Log Out
                </Button>
              </div>
            ) : (
              <div className="popover__body popover__actions">
                <Link
                  className="button button--primary"
                  href="/login"
                  routerOptions={{ state: carry() }}
                  onHoverStart={() => preloadPage("login")}
                  onPress={close}
                >
                  Sign In
                </Link>
                <Link
                  className="button button--secondary"
                  href="/signup"
                  routerOptions={{ state: carry() }}
                  onHoverStart={() => preloadPage("signup")}
                  onPress={close}
                >
                  Create Account
                </Link>
              </div>
            )}
          </>
        )}
      </Dialog>
    </Popover>
  );
}

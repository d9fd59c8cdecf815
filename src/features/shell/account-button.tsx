import { Suspense, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { useLanguage } from "../../i18n/use-language";
import { lazyPart } from "../../lib/load-part";
import { preloadWhenIdle } from "../../lib/preload-when-idle";
import type { ClientSnapshot } from "../profile/client-snapshot";
import * as shellMessages from "./shell-messages";

const loadMenu = () => import("./account-menu");
// Popover code is not needed for the first screen; pointing at the button starts loading it.
const AccountMenu = lazyPart(() => loadMenu().then((m) => ({ default: m.AccountMenu })));
preloadWhenIdle(loadMenu);

export function AccountButton({ snapshot }: { snapshot: ClientSnapshot }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { t } = useLanguage();
  return (
    <>
      <Button
        ref={triggerRef}
        className="account-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onHoverStart={() => void loadMenu()}
        onPress={() => setOpen((was) => !was)}
      >
        {t(shellMessages.account)}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AccountMenu snapshot={snapshot} triggerRef={triggerRef} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

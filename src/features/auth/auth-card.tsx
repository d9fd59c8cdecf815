import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-aria-components";
import { useLocation } from "react-router-dom";
import { useLanguage } from "../../i18n/use-language";
import { useDocumentTitle } from "../../lib/use-document-title";

type AuthCardProps = {
  title: string;
  children: ReactNode;
  /** Spec §2: each card's footer asks a question and links to another auth page. */
  footer: { question: string; linkText: string; href: string };
};

type ScreenMessages = { errorMessage?: string; noticeMessage?: string };

function messagesOf(state: unknown): ScreenMessages | null {
  if (typeof state !== "object" || state === null) return null;
  const { errorMessage, noticeMessage } = state as Record<string, unknown>;
  const messages: ScreenMessages = {};
  if (typeof errorMessage === "string") messages.errorMessage = errorMessage;
  // E.g. after a lost session: what became of the answers that were waiting to be sent.
  if (typeof noticeMessage === "string") messages.noticeMessage = noticeMessage;
  return Object.keys(messages).length > 0 ? messages : null;
}

/**
 * The messages passed to this screen in navigation state (e.g. "Your session is invalid…"), as
 * they arrived: the layout then takes them out of the history entry (`useMessagesFromState`), so
 * a reload or coming Back does not show them again, and the footer link never carries them on.
 */
function useScreenMessages(): ScreenMessages {
  const { state } = useLocation();
  const [shown, setShown] = useState<ScreenMessages>(() => messagesOf(state) ?? {});
  useEffect(() => {
    const fresh = messagesOf(state);
    if (fresh) setShown(fresh);
  }, [state]);
  return shown;
}

/**
 * What the footer link carries to the next auth page: the applicant's answers and address, never
 * this screen's messages.
 */
function carriedState(state: unknown): Record<string, unknown> | null {
  if (typeof state !== "object" || state === null) return null;
  const { studentAnswers, username } = state as Record<string, unknown>;
  return { studentAnswers, username };
}

/** The card every auth page sits in. Navigation state (answers, username) travels with the footer link. */
export function AuthCard({ title, children, footer }: AuthCardProps) {
  const { t, text } = useLanguage();
  useDocumentTitle(t(title));
  const location = useLocation();
  const { errorMessage, noticeMessage } = useScreenMessages();
  return (
    <main className="auth-card" id="main">
      <h1 tabIndex={-1}>{t(title)}</h1>
      {errorMessage !== undefined ? (
        <p className="alert alert--error" role="alert">
          {text(errorMessage)}
        </p>
      ) : null}
      {noticeMessage !== undefined ? <p className="alert alert--info">{text(noticeMessage)}</p> : null}
      {children}
      <p className="auth-card__footer">
        {t(footer.question)}{" "}
        <Link href={footer.href} routerOptions={{ state: carriedState(location.state) }}>
          {t(footer.linkText)}
        </Link>
      </p>
    </main>
  );
}

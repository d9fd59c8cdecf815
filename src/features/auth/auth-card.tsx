import type { ReactNode } from "react";
import { Link } from "react-aria-components";
import { useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../lib/use-document-title";

type AuthCardProps = {
  title: string;
  children: ReactNode;
  /** Spec §2: each card's footer asks a question and links to another auth page. */
  footer: { question: string; linkText: string; href: string };
};

/** The card every auth page sits in. Navigation state (answers, username) travels with the footer link. */
export function AuthCard({ title, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  const location = useLocation();
  const state = location.state as { errorMessage?: unknown; noticeMessage?: unknown } | null;
  const errorMessage = state?.errorMessage;
  // E.g. after a lost session: what became of the answers that were waiting to be sent.
  const noticeMessage = state?.noticeMessage;
  return (
    <main className="auth-card" id="main">
      <h1 tabIndex={-1}>{title}</h1>
      {typeof errorMessage === "string" ? (
        <p className="alert alert--error" role="alert">
          {errorMessage}
        </p>
      ) : null}
      {typeof noticeMessage === "string" ? <p className="alert alert--info">{noticeMessage}</p> : null}
      {children}
      <p className="auth-card__footer">
        {footer.question}{" "}
        <Link href={footer.href} routerOptions={{ state: location.state }}>
          {footer.linkText}
        </Link>
      </p>
    </main>
  );
}

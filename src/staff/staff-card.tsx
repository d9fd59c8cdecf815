import type { ReactNode } from "react";
import { partner } from "../config/partner";
import { useStaffTitle } from "./staff-title";

/** The card the signed-out pages sit in (sign-in, set the password), as the applicants' auth pages. */
export function StaffCard({ title, children }: { title: string; children: ReactNode }) {
  useStaffTitle(title);
  return (
    <div className="auth-layout">
      <header className="auth-layout__header">{partner.name} · Application review</header>
      <main id="main" className="auth-card">
        <h1 tabIndex={-1}>{title}</h1>
        {children}
      </main>
    </div>
  );
}

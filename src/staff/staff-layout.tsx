import { useState } from "react";
import { Link } from "react-aria-components";
import { Outlet, useNavigate, useRouteLoaderData } from "react-router-dom";
import { PendingButton } from "../components/pending-button";
import { partner } from "../config/partner";
import { ApiError } from "../lib/api-client";
import { STAFF_PATHS } from "../shared/staff";
import { staffApi } from "./staff-api";

/** The header of every signed-in page: where this is, who is signed in, and signing out. */
export function SignedInLayout() {
  const staff = useRouteLoaderData("staff") as { email: string };
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function signOut() {
    setPending(true);
    setProblem(null);
    try {
      await staffApi.signOut();
      navigate(STAFF_PATHS.signIn, { replace: true, state: { notice: "You are signed out." } });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      setPending(false);
    }
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="staff-header">
        <Link className="staff-header__brand" href={STAFF_PATHS.list}>
          {partner.name} · Application review
        </Link>
        <div className="staff-header__account">
          <span className="staff-header__email">{staff.email}</span>
          <PendingButton className="button button--secondary" onPress={signOut} isPending={pending}>
            Sign out
          </PendingButton>
        </div>
        {problem ? (
          <p role="alert" className="alert alert--error staff-header__problem">
            {problem}
          </p>
        ) : null}
      </header>
      <Outlet />
    </>
  );
}

import { useEffect, useState } from "react";
import { Link } from "react-aria-components";
import { useSearchParams } from "react-router-dom";
import { PendingButton } from "../components/pending-button";
import { ApiError } from "../lib/api-client";
import {
  STAFF_WEB_STATUSES,
  type StaffFilter,
  type StaffListResponse,
  type StaffWebStatus,
} from "../shared/staff";
import { ApplicationRow } from "./application-row";
import { ListFilters } from "./list-filters";
import { exportHref, staffApi } from "./staff-api";
import { useStaffTitle } from "./staff-title";

/** The filters in the page's address, so a reload or a link keeps them. */
function filterOf(search: URLSearchParams): StaffFilter {
  const status = search.get("status");
  return {
    q: search.get("q") ?? undefined,
    status: STAFF_WEB_STATUSES.includes(status as StaffWebStatus) ? (status as StaffWebStatus) : undefined,
    converting: search.get("converting") === "true",
  };
}

type Listing =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; data: StaffListResponse };

const failureOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The applications, filtered, newest change first; each opens its rendering and its PDF. */
export function ApplicationsPage() {
  useStaffTitle("Applications");
  const [search, setSearch] = useSearchParams();
  const filter = filterOf(search);
  const key = search.toString();
  const [listing, setListing] = useState<Listing>({ state: "loading" });
  const [more, setMore] = useState<{ pending: boolean; problem: string | null }>({
    pending: false,
    problem: null,
  });

  useEffect(() => {
    const controller = new AbortController();
    setListing({ state: "loading" });
    staffApi.applications(filterOf(new URLSearchParams(key)), null, controller.signal).then(
      (data) => setListing({ state: "ready", data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setListing({ state: "failed", message: failureOf(error) });
      },
    );
    return () => controller.abort();
  }, [key]);

  function change(next: StaffFilter) {
    const query = new URLSearchParams();
    if (next.q?.trim()) query.set("q", next.q.trim());
    if (next.status) query.set("status", next.status);
    if (next.converting) query.set("converting", "true");
    setSearch(query);
  }

  async function showMore() {
    if (listing.state !== "ready" || !listing.data.next_cursor) return;
    setMore({ pending: true, problem: null });
    try {
      const page = await staffApi.applications(filter, listing.data.next_cursor);
      setListing({
        state: "ready",
        data: { ...page, applications: [...listing.data.applications, ...page.applications] },
      });
      setMore({ pending: false, problem: null });
    } catch (error) {
      setMore({ pending: false, problem: failureOf(error) });
    }
  }

  const counts = listing.state === "ready" ? listing.data.counts : undefined;
  const shown = listing.state === "ready" ? listing.data.applications.length : 0;
  const total = counts ? (filter.status ? counts[filter.status] : counts.all) : 0;
  return (
    <main id="main" className="staff-page">
      <h1 tabIndex={-1}>Applications</h1>
      <ListFilters filter={filter} counts={counts} onChange={change} />
      <div className="staff-results__bar">
        <p role="status" className="staff-results__count">
          {listing.state === "loading"
            ? "Loading applications…"
            : listing.state === "ready"
              ? `${total} application${total === 1 ? "" : "s"}${shown < total ? `, ${shown} shown` : ""}`
              : ""}
        </p>
        <Link className="button button--secondary" href={exportHref(filter)} download>
          Download CSV
        </Link>
      </div>
      {listing.state === "failed" ? (
        <p role="alert" className="alert alert--error">
          {listing.message}
        </p>
      ) : null}
      {listing.state === "ready" ? (
        <>
          <ul className="staff-list" aria-label="Applications">
            {listing.data.applications.map((row) => (
              <ApplicationRow key={row.id} row={row} listSearch={key ? `?${key}` : ""} />
            ))}
          </ul>
          {more.problem ? (
            <p role="alert" className="alert alert--error">
              {more.problem}
            </p>
          ) : null}
          {listing.data.next_cursor ? (
            <PendingButton className="button button--secondary" onPress={showMore} isPending={more.pending}>
              Show more applications
            </PendingButton>
          ) : null}
        </>
      ) : null}
    </main>
  );
}

import { useEffect, useState } from "react";
import { Link } from "react-aria-components";
import { useLocation, useParams } from "react-router-dom";
import { ServiceApplication } from "../features/service-view/service-application";
import "../features/service-view/service-view.css";
import { ApiError } from "../lib/api-client";
import { formatFileSize } from "../shared/file-size";
import { STAFF_CALLS, STAFF_PATHS } from "../shared/staff";
import { type StaffApplication, type StaffDocument, staffApi } from "./staff-api";
import { useStaffTitle } from "./staff-title";

type Loaded =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; data: StaffApplication };

const DOCUMENT_STATE: Record<StaffDocument["status"], string> = {
  UNPROCESSED: "waiting to be converted to PDF",
  IN_PROGRESS: "being converted to PDF",
  COMPLETED: "converted to PDF",
  FAILED: "could not be converted",
};

/** One application, read-only: the service rendering (decision 0011), with its PDF and documents. */
export function ApplicationPage() {
  const { id = "" } = useParams();
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? "";
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: "loading" });
    staffApi.application(id, controller.signal).then(
      (data) => setLoaded({ state: "ready", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ state: "failed", message: error instanceof ApiError ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [id]);
  const name = loaded.state === "ready" ? loaded.data.name || loaded.data.username : "Application";
  useStaffTitle(name);

  return (
    <>
      <nav className="staff-toolbar" aria-label="This application">
        <Link href={`${STAFF_PATHS.list}${listSearch.startsWith("?") ? listSearch : ""}`}>
          Back to the applications
        </Link>
        <Link className="button button--primary" href={STAFF_CALLS.pdf(id)} target="_blank">
          Open the PDF <span className="visually-hidden">(opens in a new tab)</span>
        </Link>
      </nav>
      {loaded.state === "ready" ? (
        <>
          <section className="staff-summary" aria-labelledby="staff-summary-heading">
            <h2 id="staff-summary-heading">
              {name} <span className="staff-summary__email">{loaded.data.username}</span>
            </h2>
            <p>
              {loaded.data.submitted_at
                ? `Submitted ${new Date(loaded.data.submitted_at).toUTCString()}.`
                : `Not submitted (${loaded.data.web_status ?? "not started"}).`}
            </p>
            {loaded.data.documents.length > 0 ? (
              <ul aria-label="Documents">
                {loaded.data.documents.map((document) => (
                  <li key={document.key}>
                    {document.label}: {document.file_name} ({formatFileSize(document.file_size)}),{" "}
                    {DOCUMENT_STATE[document.status]}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No documents uploaded.</p>
            )}
          </section>
          <ServiceApplication application={loaded.data.application} />
        </>
      ) : (
        <main id="main" className="staff-page">
          <h1 tabIndex={-1}>Application</h1>
          {loaded.state === "loading" ? (
            <p role="status">Loading the application…</p>
          ) : (
            <p role="alert" className="alert alert--error">
              {loaded.message}
            </p>
          )}
        </main>
      )}
    </>
  );
}

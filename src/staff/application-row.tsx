import { Link } from "react-aria-components";
import { STAFF_CALLS, STAFF_PATHS, type StaffApplicationRow } from "../shared/staff";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const STATUS_TEXT: Record<string, string> = {
  started: "Started",
  validating: "Validating",
  submitted: "Submitted",
};

/** One application of the list: its name opens the rendering; the PDF opens in a new tab. */
export function ApplicationRow({ row, listSearch }: { row: StaffApplicationRow; listSearch: string }) {
  const name = row.name || "(no name yet)";
  return (
    <li className="staff-row">
      <h2 className="staff-row__name">
        {/* The list's filters go along, so "Back to the applications" returns to this list. */}
        <Link href={STAFF_PATHS.application(row.id)} routerOptions={{ state: { listSearch } }}>
          {name}
        </Link>
      </h2>
      <dl className="staff-row__facts">
        <div>
          <dt>E-mail</dt>
          <dd>{row.username}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {row.web_status ? (STATUS_TEXT[row.web_status] ?? row.web_status) : "Not started"}
            {row.submitted_at ? `, ${when(row.submitted_at)} UTC` : ""}
          </dd>
        </div>
        <div>
          <dt>Last change</dt>
          <dd>{when(row.updated_at)} UTC</dd>
        </div>
        {row.documents_converting > 0 ? (
          <div>
            <dt>Documents</dt>
            <dd>{row.documents_converting} still converting to PDF</dd>
          </div>
        ) : null}
      </dl>
      <Link
        className="staff-row__pdf"
        href={STAFF_CALLS.pdf(row.id)}
        target="_blank"
        aria-label={`PDF of ${name}'s application (opens in a new tab)`}
      >
        PDF
      </Link>
    </li>
  );
}

import type { SubmissionReceipt } from "../../shared/api-types";
import { formatFileSize } from "../../shared/file-size";
import type { Problem, ReceiptState } from "./use-receipt";
import { useReceipt } from "./use-receipt";
import "./receipt.css";

const DOCUMENT_STATES: Record<SubmissionReceipt["documents"][number]["status"], string> = {
  UNPROCESSED: "received, waiting to be converted to PDF",
  IN_PROGRESS: "received, being converted to PDF",
  COMPLETED: "received and converted to PDF",
  FAILED: "received, but it could not be converted to PDF: please e-mail it to the admissions office",
};

// Made when first used (a page's first Intl call loads locale data).
let dateTime: Intl.DateTimeFormat | undefined;
const when = (time: string | number) => {
  dateTime ??= new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" });
  return dateTime.format(new Date(time));
};

function ProblemNote({ problem, savedAt }: { problem: Problem; savedAt?: number }) {
  const since = savedAt === undefined ? "" : ` This is what it had received on ${when(savedAt)}.`;
  const text =
    problem.kind === "offline"
      ? `You're offline, so we can't check with the admissions office right now.${since}`
      : `We couldn't check with the admissions office just now: ${problem.message}${since}`;
  return <p className="receipt__note">{text}</p>;
}

function Received({ receipt }: { receipt: SubmissionReceipt }) {
  return (
    <ul className="receipt__items">
      <li>
        {receipt.submitted_at
          ? `Your application, submitted on ${when(receipt.submitted_at)}.`
          : "Your application has not been submitted yet."}
      </li>
      {receipt.documents.map((document) => (
        <li key={document.key}>
          {document.label}: {document.file_name} ({formatFileSize(document.file_size)}),{" "}
          {DOCUMENT_STATES[document.status]}.
        </li>
      ))}
      {receipt.documents.length === 0 ? <li>No documents: you did not upload any.</li> : null}
    </ul>
  );
}

function Body({ state }: { state: ReceiptState }) {
  switch (state.phase) {
    case "loading":
      return <p>Checking with the admissions office…</p>;
    case "fresh":
      return <Received receipt={state.receipt} />;
    case "stored":
      return (
        <>
          <ProblemNote problem={state.problem} savedAt={state.stored.savedAt} />
          <Received receipt={state.stored.receipt} />
        </>
      );
    case "none":
      return <ProblemNote problem={state.problem} />;
  }
}

/**
 * /completion (issue 32): what the admissions office has received, each document with its state,
 * from the server when it can be reached, else as it was at the last check on this device. The
 * application PDF's link (given as `children`) closes the list.
 */
export function ReceiptSection({ owner, children }: { owner: string; children?: React.ReactNode }) {
  const state = useReceipt(owner);
  return (
    <section className="receipt" aria-labelledby="receipt-title" aria-busy={state.phase === "loading"}>
      <h2 id="receipt-title">What the admissions office has received</h2>
      <Body state={state} />
      {children}
    </section>
  );
}

export default ReceiptSection;

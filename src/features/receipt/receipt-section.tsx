import { useLanguage } from "../../i18n/use-language";
import type { SubmissionReceipt } from "../../shared/api-types";
import { formatFileSize } from "../../shared/file-size";
import * as m from "./receipt-messages";
import type { Problem, ReceiptState } from "./use-receipt";
import { useReceipt } from "./use-receipt";
import "./receipt.css";

type Words = ReturnType<typeof useLanguage>;

const DOCUMENT_STATES: Record<SubmissionReceipt["documents"][number]["status"], string> = {
  UNPROCESSED: m.unprocessed,
  IN_PROGRESS: m.inProgress,
  COMPLETED: m.completed,
  FAILED: m.failed,
};

// Made when first used (a page's first Intl call loads locale data), one per language.
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const when = (time: string | number, language: string) => {
  const locale = language === "es" ? "es-US" : "en-US";
  let format = dateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" });
    dateTimes.set(locale, format);
  }
  return format.format(new Date(time));
};

function ProblemNote({ problem, savedAt, words }: { problem: Problem; savedAt?: number; words: Words }) {
  const { t, text, language } = words;
  const since = savedAt === undefined ? "" : ` ${t(m.receivedOn, { date: when(savedAt, language) })}`;
  const note =
    problem.kind === "offline" ? t(m.offline) : t(m.unreachable, { message: text(problem.message) });
  return <p className="receipt__note">{`${note}${since}`}</p>;
}

function Received({ receipt, words }: { receipt: SubmissionReceipt; words: Words }) {
  const { t, text, language } = words;
  return (
    <ul className="receipt__items">
      <li>
        {receipt.submitted_at
          ? t(m.submittedOn, { date: when(receipt.submitted_at, language) })
          : t(m.notSubmitted)}
      </li>
      {receipt.documents.map((document) => (
        <li key={document.key}>
          {t(m.documentLine, {
            label: text(document.label),
            file: document.file_name,
            size: formatFileSize(document.file_size),
            state: t(DOCUMENT_STATES[document.status]),
          })}
        </li>
      ))}
      {receipt.documents.length === 0 ? <li>{t(m.noDocuments)}</li> : null}
    </ul>
  );
}

function Body({ state, words }: { state: ReceiptState; words: Words }) {
  switch (state.phase) {
    case "loading":
      return <p>{words.t(m.checking)}</p>;
    case "fresh":
      return <Received receipt={state.receipt} words={words} />;
    case "stored":
      return (
        <>
          <ProblemNote problem={state.problem} savedAt={state.stored.savedAt} words={words} />
          <Received receipt={state.stored.receipt} words={words} />
        </>
      );
    case "none":
      return <ProblemNote problem={state.problem} words={words} />;
  }
}

/**
 * /completion (issue 32): what the admissions office has received, each document with its state,
 * from the server when it can be reached, else as it was at the last check on this device. The
 * application PDF's link (given as `children`) closes the list.
 */
export function ReceiptSection({ owner, children }: { owner: string; children?: React.ReactNode }) {
  const state = useReceipt(owner);
  const words = useLanguage();
  return (
    <section className="receipt" aria-labelledby="receipt-title" aria-busy={state.phase === "loading"}>
      <h2 id="receipt-title">{words.t(m.title)}</h2>
      <Body state={state} words={words} />
      {children}
    </section>
  );
}

export default ReceiptSection;

import type { Box, QuestionDisplay } from "./answer-display";
import { ENGLISH_SERVICE_WORDS, type ServiceWords } from "./service-words";

/**
 * "[X]" or "[ ]" as printed, named "Selected" or "Not selected" for a screen reader, in the browser
 * and in the application PDF's tags (Chromium tags it a Figure with that /Alt; hidden text is
 * neither drawn nor tagged in a print, so the state must be the mark's own name, issue 37).
 */
function BoxMark({ box, words }: { box: Box; words: ServiceWords }) {
  return (
    <>
      <span
        className="service-box__mark"
        role="img"
        aria-label={box.checked ? words.selected : words.notSelected}
      >
        {box.checked ? "[X]" : "[ ]"}
      </span>{" "}
      {box.label}
    </>
  );
}

/** One visible question, read-only: its label and answer, boxes for choices, its attachment. */
export function ServiceQuestion({
  display,
  words = ENGLISH_SERVICE_WORDS,
}: {
  display: QuestionDisplay;
  words?: ServiceWords;
}) {
  const labelId = `service-answer-${display.key}`;
  return (
    <div className="service-answer">
      {display.type === "box" ? (
        <p className="service-box">
          <BoxMark box={display.box} words={words} />
        </p>
      ) : (
        <p id={labelId} className="service-answer__label">
          {display.label}
        </p>
      )}
      {display.type === "text" ? (
        <p
          className={[
            "service-answer__value",
            display.value === null ? "service-answer__value--empty" : "",
            display.multiline ? "service-answer__value--multiline" : "",
          ]
            .filter(Boolean)
            .join(" ")}
        >
          {display.value ?? words.notAnswered}
        </p>
      ) : null}
      {display.type === "choices" ? (
        <ul className="service-boxes" aria-labelledby={labelId}>
          {display.boxes.map((box) => (
            <li key={box.label} className="service-box">
              <BoxMark box={box} words={words} />
            </li>
          ))}
        </ul>
      ) : null}
      {display.attachment ? <p className="service-answer__attachment">{display.attachment}</p> : null}
    </div>
  );
}

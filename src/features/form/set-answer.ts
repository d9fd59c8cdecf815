import { formPages } from "../../form/pages/form-pages";
import { answerStore } from "../answers/answer-session";
import { createAnswerWriter, type SetAnswer } from "./answer-writer";

/** The app's one writer: every form page, the app's answer store. */
export const answerWriter = createAnswerWriter(answerStore, formPages);

/** Sets an answer and everything that follows from it (`_desc`, cleared dependants). */
export const setAnswer: SetAnswer = answerWriter.setAnswer;

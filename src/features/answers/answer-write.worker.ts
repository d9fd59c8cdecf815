// A dedicated worker that stores the page's keystrokes (see answer-write-service.ts).
import { serveAnswerWrites } from "./answer-write-service";
import { LocalDb } from "./local-db";

serveAnswerWrites(self, (name) => new LocalDb(name));

// Shapes of the API's responses (spec §3, §7), shared by the server that sends them and the
// client that reads them.

export type WebStatusEntry = { web_status: string; created_at: string };

export type Profile = {
  answer: Record<string, string>;
  document_answer: Record<string, { file_name: string; file_size: number }>;
  username: string;
  last_page: string | null;
  successful_login: { created_at: string }[];
  web_status: WebStatusEntry[];
  /** The server clock (ms since the epoch) when the profile was read: the client's clock offset. */
  server_time: number;
};

/** PUT /api/answer (decision 0002). */
export type AnswerOutcome = {
  message: string;
  /** How many of the sent fields were written. */
  saved: number;
  saved_at: string;
  /** The server clock (ms since the epoch) at the save. */
  server_time: number;
  /** Fields where the server kept a newer edit than the one sent, with the server's value. */
  superseded: Record<string, string>;
};

export type MessageResponse = { message: string };

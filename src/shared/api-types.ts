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
};

export type MessageResponse = { message: string };

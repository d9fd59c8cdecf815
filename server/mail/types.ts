/** A mail's content, as the templates in this folder produce it. */
export type MailContent = {
  subject: string;
  text: string;
  html: string;
  /**
   * The one thing the recipient needs (the code or the link). Logged when mail goes to the local
   * outbox, so a person running the server without SMTP can finish sign-up; never logged otherwise.
   */
  summary: string;
};

export type OutgoingMail = MailContent & { to: string };

export type Mailer = {
  /** Delivers one mail; rejects when delivery fails. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Delivers in the background: the response does not wait for it, so neither its duration nor
   * its failure (logged) can tell a caller whether an address has an account.
   */
  dispatch(mail: OutgoingMail): void;
  /** Resolves once every dispatched mail has been delivered or has failed. */
  idle(): Promise<void>;
};

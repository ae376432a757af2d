/** One plain-text message, as every transport sends it. */
export interface Email {
  to: string[];
  subject: string;
  text: string;
  /** Extra header fields (List-Unsubscribe and its one-click twin), sent as given. */
  headers?: Record<string, string>;
}

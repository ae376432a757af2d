/** One plain-text message, as every transport sends it. */
export interface Email {
  to: string[];
  subject: string;
  text: string;
}

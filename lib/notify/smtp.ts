import type { Email } from './email.js';

type Transporter = { sendMail(message: object): Promise<unknown> };
const transporters = new Map<string, Transporter>();

/** nodemailer over `SMTP_URL` (`smtp://user:pass@host:port`, `smtps://…` for implicit TLS). */
export async function sendWithSmtp(url: string, from: string, email: Email): Promise<void> {
  let transporter = transporters.get(url);
  if (!transporter) {
    const nodemailer = await import('nodemailer');
    transporter = nodemailer.createTransport(url) as Transporter;
    transporters.set(url, transporter);
  }
  await transporter.sendMail({
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    headers: email.headers,
  });
}

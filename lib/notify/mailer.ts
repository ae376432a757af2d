import type { Config } from '../env.js';
import { logger } from '../logger.js';
import type { Email } from './email.js';

// The message type lives in a leaf the transports import too, so they import no circle through here.
export type { Email } from './email.js';

/**
 * How the service sends email: Amazon SES in production, SMTP when `SMTP_URL` is set (a relay, or
 * a local catcher in development), otherwise the message is written to the log. Each transport's
 * client is imported only when the first email goes out, so no function pays for it at start.
 */

export interface Mailer {
  readonly transport: 'ses' | 'smtp' | 'log';
  send(email: Email): Promise<void>;
}

export type MailConfig = Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'EMAIL_FROM' | 'SES_REGION'>;

export function createMailer(config: MailConfig): Mailer {
  if (config.SMTP_URL) {
    const url = config.SMTP_URL;
    return {
      transport: 'smtp',
      send: async (email) => (await import('./smtp.js')).sendWithSmtp(url, config.EMAIL_FROM, email),
    };
  }
  if (config.NODE_ENV === 'production') {
    return {
      transport: 'ses',
      send: async (email) =>
        (await import('./ses.js')).sendWithSes({ region: config.SES_REGION, from: config.EMAIL_FROM }, email),
    };
  }
  return {
    transport: 'log',
    send: async (email) => {
      logger.info('email (not sent: no SMTP_URL, not production)', {
        from: config.EMAIL_FROM,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
    },
  };
}

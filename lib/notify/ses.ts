import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Email } from './email.js';

export interface SesSettings {
  region?: string;
  from: string;
  /** Tests only: a loopback stand-in for the SES endpoint. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

let client: { key: string; ses: SESv2Client } | undefined;

/**
 * Amazon SES (API v2 SendEmail). The SDK ships with the Lambda runtime and is left out of the
 * bundle; credentials and the default region come from the function's role and environment.
 */
export async function sendWithSes(settings: SesSettings, email: Email): Promise<void> {
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const key = `${settings.region ?? ''} ${settings.endpoint ?? ''}`;
  if (client?.key !== key) {
    client = {
      key,
      ses: new SESv2Client({
        region: settings.region,
        endpoint: settings.endpoint,
        credentials: settings.credentials,
      }),
    };
  }
  await client.ses.send(
    new SendEmailCommand({
      FromEmailAddress: settings.from,
      Destination: { ToAddresses: email.to },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
          ...(email.headers && {
            Headers: Object.entries(email.headers).map(([Name, Value]) => ({ Name, Value })),
          }),
        },
      },
    }),
  );
}

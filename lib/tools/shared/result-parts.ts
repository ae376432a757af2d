import { z } from '@hono/zod-openapi';
import { PII_ENTITIES } from '../../extract/redact-patterns.js';

/** Parts of results several tools share, in zod for their result schemas. */

/** docs/reference/README.md#common-parameters: present whenever `redact_pii` asked for redaction; classes without a hit are left out. */
export const redactionBlock = z
  .object({
    entities: z.partialRecord(z.enum(PII_ENTITIES), z.number().int()),
    count: z.number().int(),
    mode: z.literal('fast'),
  })
  .openapi({ description: 'What redact_pii replaced: hits per class, their total and the mode.' });

/** Present when the stealth render of `escalate` ran (docs/reference/README.md#common-parameters). */
export const stealthReport = z
  .object({
    engine: z.string(),
    vendor_detected: z
      .string()
      .openapi({ description: 'Vendor of the wall the plain fetch met, or `unknown`.' }),
  })
  .openapi({ description: 'Present when the call escalated to the stealth browser.' });

/** How the page was read: `rendered` by a browser, `escalated` past a bot wall (+5 credits). */
export const renderFlags = {
  rendered: z.boolean().openapi({ description: 'The page was rendered in a browser.' }),
  escalated: z.boolean().openapi({ description: 'The call escalated to the stealth browser (+5 credits).' }),
  stealth: stealthReport.optional(),
};

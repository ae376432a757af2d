import { z } from '@hono/zod-openapi';

const submittedValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.object({ filename: z.string(), bytes: z.number().int(), mime_type: z.string() }),
]);

export const formSubmitResult = z.object({
  success: z
    .boolean()
    .openapi({ description: 'The form was submitted and the page showed no validation error.' }),
  submittedData: z.record(z.string(), submittedValue),
  responseUrl: z.string(),
  responseStatus: z.number().int().nullable(),
  responseContent: z.string().optional(),
  validationErrors: z.array(z.object({ field: z.string().nullable(), message: z.string() })),
  formDetails: z
    .object({
      action: z.string().nullable(),
      method: z.string(),
      fieldCount: z.number().int(),
      requiredFields: z.array(z.string()),
    })
    .nullable(),
});

import { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters } from './plain-text.js';

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 1000;
/** Reports one person may file in a day (docs/product.md#reports-and-suspension). */
export const REPORTS_PER_DAY = 20;

/** `POST /api/reports`: a reflection or a person, why, and an optional note. */
export const createReportSchema = z.object({
  targetType: z.enum(['entry', 'user'], { error: 'targetType must be "entry" or "user"' }),
  targetId: z
    .number({ error: 'targetId must be a number' })
    .int({ error: 'targetId must be a whole number' }),
  reason: z.enum(REPORT_REASONS, {
    error: 'reason must be one of spam, harassment, inappropriate, other',
  }),
  note: z
    .string({ error: 'note must be text' })
    .max(REPORT_NOTE_MAX, { error: `The note can be at most ${REPORT_NOTE_MAX} characters` })
    .refine((text) => !hasControlCharacters(text), { error: controlCharactersMessage('The note') })
    .optional(),
});
export type CreateReport = z.infer<typeof createReportSchema>;

export const reportSchema = z.object({
  id: z.int(),
  targetType: z.enum(['entry', 'user']),
  targetId: z.int(),
  reason: z.enum(REPORT_REASONS),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

import { z } from 'zod';
import { LIMITS, SAVED_NOTE_TOO_LONG } from './constants.js';

export const SAVED_STANZA_NOT_FOUND = 'Saved stanza not found';

/** Any text, line breaks included: it is the reader's own, read back exactly as written. */
export const savedNoteSchema = z
  .string({ error: 'The note must be text' })
  .max(LIMITS.savedNote, { error: SAVED_NOTE_TOO_LONG });

/**
 * `PUT /api/saved/{day}`. Left out, the note stays as it is (empty on a first save), so the
 * daily screen's Save button never wipes a note written on the Saved list.
 */
export const saveStanzaSchema = z.object({ note: savedNoteSchema.optional() });
export type SaveStanza = z.infer<typeof saveStanzaSchema>;

/** One saved stanza as its owner sees it; `savedAt` is when it was first saved (ISO 8601, UTC). */
export const savedStanzaSchema = z.object({
  dayNumber: z.int(),
  note: z.string(),
  savedAt: z.string(),
});
export type SavedStanza = z.infer<typeof savedStanzaSchema>;

/**
 * One row of `GET /api/saved`: the saved stanza with what the list shows of its reading. The
 * reference names the stanza (the outline of every day is public); `firstLine` is the stanza's
 * first line, null while the day is not open to the reader (the cycle began again since).
 */
export const savedStanzaListItemSchema = savedStanzaSchema.extend({
  reference: z.string().nullable(),
  firstLine: z.string().nullable(),
});
export type SavedStanzaListItem = z.infer<typeof savedStanzaListItemSchema>;

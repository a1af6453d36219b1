import { z } from 'zod';

/** One day's reading. */
export const thoughtSchema = z.object({
  id: z.int(),
  dayNumber: z.int(),
  thought: z.string(),
  explanation: z.string(),
  reflectionPrompt: z.string().nullable(),
  author: z.string(),
});
export type Thought = z.infer<typeof thoughtSchema>;

/** `GET /api/thoughts/today`: today's reading with the reader's place in the cycle. */
export const todayThoughtSchema = thoughtSchema.extend({
  currentDay: z.int(),
  totalDays: z.int(),
});
export type TodayThought = z.infer<typeof todayThoughtSchema>;

/** `GET /api/thoughts/meta/total`. */
export const totalDaysSchema = z.object({ totalDays: z.int() });

/** The song and stanza a reading day belongs to. */
export const gathaInfoSchema = z.object({
  id: z.int(),
  songNumber: z.int(),
  songTitle: z.string(),
  stanzaNumber: z.int(),
  description: z.string(),
  startDay: z.int(),
  endDay: z.int(),
});
export type GathaInfo = z.infer<typeof gathaInfoSchema>;

export interface FutureDayError {
  message: 'future_day';
  friendlyMessage: string;
  currentDay: number;
}

export interface ApiError {
  message: string;
  errors?: { path: string; message: string }[];
}

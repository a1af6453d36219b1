export interface Thought {
  id: number;
  dayNumber: number;
  thought: string;
  explanation: string;
  reflectionPrompt: string | null;
  author: string;
}

export interface TodayThought extends Thought {
  currentDay: number;
  totalDays: number;
}

export interface GathaInfo {
  id: number;
  songNumber: number;
  songTitle: string;
  stanzaNumber: number;
  description: string;
  startDay: number;
  endDay: number;
}

export interface FutureDayError {
  message: 'future_day';
  friendlyMessage: string;
  currentDay: number;
}

export interface ApiError {
  message: string;
  errors?: { path: string; message: string }[];
}

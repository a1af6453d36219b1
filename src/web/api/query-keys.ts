/** Query keys are the API paths they read, so the default query function can fetch them. */
export const queryKeys = {
  me: ['/api/auth/me'] as const,
  thoughtsTotal: ['/api/thoughts/meta/total'] as const,
  today: ['/api/thoughts/today'] as const,
  thought: (day: number) => ['/api/thoughts', String(day)] as const,
  gathaInfo: (day: number) => ['/api/gathas/info', String(day)] as const,
  everyGathaInfo: ['/api/gathas/info'] as const,
  journal: ['/api/journal'] as const,
  journalDay: (day: number) => ['/api/journal/day', String(day)] as const,
  friendsFeed: ['/api/journal/friends'] as const,
  friends: ['/api/friends'] as const,
  friendRequests: ['/api/friend-requests'] as const,
  discover: ['/api/users/search?discover=true'] as const,
  search: (q: string) => ['/api/users/search', q] as const,
  progress: ['/api/progress'] as const,
  sessions: ['/api/auth/sessions'] as const,
  blocks: ['/api/blocks'] as const,
};

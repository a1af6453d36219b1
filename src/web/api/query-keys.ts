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
  /** The same entry read for the stanza panel's "You wrote on this stanza", kept apart from
   * the form's copy so the form's own reading (and its offline notice) stays as it was. */
  earlierReflection: (day: number) => ['/api/journal/day', String(day), 'earlier'] as const,
  friendsFeed: ['/api/journal/friends'] as const,
  friends: ['/api/friends'] as const,
  friendRequests: ['/api/friend-requests'] as const,
  discover: ['/api/users/search?discover=true'] as const,
  search: (q: string) => ['/api/users/search', q] as const,
  progress: ['/api/progress'] as const,
  sessions: ['/api/auth/sessions'] as const,
  blocks: ['/api/blocks'] as const,
  saved: ['/api/saved'] as const,
  contentSearch: (q: string) => ['/api/search', q] as const,
  glossary: ['/api/glossary'] as const,
  circles: ['/api/circles'] as const,
  circle: (id: number) => ['/api/circles', String(id)] as const,
  circleReflections: (id: number, day: number | undefined) =>
    ['/api/circles', String(id), 'reflections', day ? String(day) : 'today'] as const,
  invite: (code: string) => ['/api/circle-invites', code] as const,
};

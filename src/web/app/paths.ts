/** Every route of the app, with its pattern and a way to build links to it. */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  landing: { path: '/landing', getHref: () => '/landing' },
  passwordReset: { path: '/password-reset', getHref: () => '/password-reset' },
  signInLink: { path: '/sign-in-link', getHref: () => '/sign-in-link' },
  app: { path: '/app', getHref: () => '/app' },
  dailyRitual: {
    path: '/app/daily-ritual/:day?',
    getHref: (day?: number) => (day ? `/app/daily-ritual/${day}` : '/app/daily-ritual'),
  },
  dashboard: { path: '/app/dashboard', getHref: () => '/app/dashboard' },
  community: { path: '/app/community', getHref: () => '/app/community' },
  about: { path: '/app/about', getHref: () => '/app/about' },
  settings: { path: '/app/settings', getHref: () => '/app/settings' },
  circles: { path: '/app/circles', getHref: () => '/app/circles' },
  circle: { path: '/app/circles/:id', getHref: (id: number) => `/app/circles/${id}` },
  /** An invite link to a reading circle: anyone may open it. */
  join: { path: '/join/:code', getHref: (code: string) => `/join/${code}` },
  /** With words, the search opens with them. */
  search: {
    path: '/app/search',
    getHref: (q?: string) => (q ? `/app/search?q=${encodeURIComponent(q)}` : '/app/search'),
  },
  day: { path: '/day/:day', getHref: (day: number) => `/day/${day}` },
  glossary: { path: '/glossary', getHref: () => '/glossary' },
  glossaryTerm: { path: '/glossary/:slug', getHref: (slug: string) => `/glossary/${slug}` },
  /** With a day, Contents opens at that day. */
  contents: {
    path: '/contents',
    getHref: (day?: number) => (day ? `/contents#day-${day}` : '/contents'),
  },
} as const;

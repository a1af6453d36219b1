/**
 * The app is written against React's API and rendered by Preact through its compatibility layer
 * (docs/decisions/032-preact-renders-the-app.md): in the browser, on the server and in the
 * tests, so a page is rendered and hydrated by the same library. Each React entry point named
 * here is read as Preact's; packages built on React (the router, the query cache, the
 * primitives, the forms) are bundled so they read it too.
 */
export const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * Where the web build leaves what the server renders pages with, beside the built files
 * (WEB_DIST_DIR) and never served as a file: the rendering code (render-pages.js) and the page
 * a reader's daily screen is rendered into.
 */
export const PAGE_RENDER_DIR = 'page-render';
export const PAGE_RENDER_ENTRY = 'render-pages.js';
export const READER_PAGE_TEMPLATE = 'reader-page.html';

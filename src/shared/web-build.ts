/**
 * Where the web build leaves what the server renders pages with, beside the built files
 * (WEB_DIST_DIR) and never served as a file: the rendering code (render-pages.js) and the page
 * a reader's daily screen is rendered into.
 */
export const PAGE_RENDER_DIR = 'page-render';
export const PAGE_RENDER_ENTRY = 'render-pages.js';
export const READER_PAGE_TEMPLATE = 'reader-page.html';

/**
 * The page the service worker shows for a public page (rendered by the server for visitors)
 * opened offline and never kept; the web build writes it and the worker precaches it.
 */
export const OFFLINE_PAGE_URL = '/offline.html';

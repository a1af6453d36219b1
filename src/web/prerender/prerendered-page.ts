/**
 * The attribute of #root in a rendered page, naming what it was rendered for: 'signed-out'
 * (the landing, at build time), 'signed-in' (the shell while it checks, at build time) or
 * 'reader' (the daily screen, rendered by the server for the signed-in reader).
 */
export const PRERENDERED_FOR = 'data-prerendered-for';

/** The id of the JSON block of a reader's page: the answers its screen was rendered from. */
export const READER_PAGE_DATA_ID = 'reader-page-data';

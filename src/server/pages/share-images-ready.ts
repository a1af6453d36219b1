/**
 * Logged once every open day's share images are on disk: whoever measures the server (the bench)
 * waits for it, since until then the drawing takes a core. A module of its own, so reading it
 * loads nothing else.
 */
export const SHARE_IMAGES_READY = 'share images drawn ahead';

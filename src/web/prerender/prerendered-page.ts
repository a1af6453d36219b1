/**
 * The attribute of #root in a page rendered at build time, naming the sign-in state it was
 * rendered for: 'signed-out' (the landing) or 'signed-in' (the shell while it checks).
 */
export const PRERENDERED_FOR = 'data-prerendered-for';

/**
 * What the circles' routes answer when a circle, an invite or a member is not there. Apart from
 * the circles' schemas, so the offline outbox can recognise the answer without loading the
 * validation library.
 */
export const CIRCLE_NOT_FOUND = 'Circle not found';
export const INVITE_NOT_FOUND = 'Invite not found';
export const MEMBER_NOT_FOUND = 'Member not found';

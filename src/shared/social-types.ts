import { z } from 'zod';
import { usernameSchema } from './auth-schemas.js';
import { DISTANCE_ORDER } from './proximity.js';

/** Someone named in an answer (a feed entry's author, a request's two sides): no contact details. */
export const personSchema = z.object({ id: z.int(), fullName: z.string(), username: z.string() });

/** A friend as the friends list shows them; only friends see email and WhatsApp. */
export const friendSchema = personSchema.extend({
  email: z.string(),
  whatsapp: z.string().nullable(),
});
export type Friend = z.infer<typeof friendSchema>;

/** A stranger found by search; the server cuts the postal code to its first 3 characters. */
export const userSearchResultSchema = personSchema.extend({ postalCode: z.string().nullable() });
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const discoveredUserSchema = userSearchResultSchema.extend({
  distanceCategory: z.enum(DISTANCE_ORDER),
});
export type DiscoveredUser = z.infer<typeof discoveredUserSchema>;

export const friendRequestSchema = z.object({
  id: z.int(),
  senderId: z.int(),
  receiverId: z.int(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  createdAt: z.string(),
  updatedAt: z.string(),
  sender: personSchema,
  receiver: personSchema,
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/** `GET /api/friend-requests`: pending requests only. */
export const friendRequestListSchema = z.object({
  sent: z.array(friendRequestSchema),
  received: z.array(friendRequestSchema),
});
export type FriendRequestList = z.infer<typeof friendRequestListSchema>;

/** `POST /api/blocks`: the person to block. */
export const blockRequestSchema = z.object({
  userId: z.int({ error: 'Choose a person to block' }).positive({ error: 'User not found' }),
});

/**
 * `POST /api/blocks` as sent: a person by id, or by their exact username (ignoring case), which
 * is how someone who chose to be found only by username is reached (docs/product.md, "Who can
 * reach whom").
 */
export const blockBodySchema = z.union([
  blockRequestSchema,
  z.object({ username: usernameSchema }),
]);
export type BlockBody = z.infer<typeof blockBodySchema>;

/** `POST /api/friend-requests`: a request to the person with exactly this username. */
export const friendRequestByUsernameSchema = z.object({ username: usernameSchema });

/** `GET /api/blocks`: someone the caller blocked, newest first. */
export const blockedPersonSchema = z.object({
  userId: z.int(),
  fullName: z.string(),
  username: z.string(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

/** A query value sent once or repeated (`?q=a&q=b`): the first one counts. */
const firstValue = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value[0] : value));

/** `GET /api/users/search?q=` finds people by name; `?discover=true` suggests people nearby. */
export const peopleSearchQuerySchema = z.object({
  q: firstValue.optional(),
  discover: firstValue.optional(),
});

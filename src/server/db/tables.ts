import type { Generated, Insertable, Selectable } from 'kysely';
import type { Discoverability } from '#shared/auth-schemas';
import type { SessionEnding } from '#shared/session-endings';
import type { Pace } from '#shared/reading-pace';

/** Timestamps are ISO-8601 UTC strings on both databases, so they sort and compare as text. */
type Timestamp = string;
/** Booleans are stored as 0/1 on both databases. */
type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  email: string;
  password_hash: string;
  full_name: string;
  city: string | null;
  whatsapp: string | null;
  postal_code: string | null;
  /**
   * publicPostalPrefix(postal_code), written with it: what discovery's indexes read, so that the
   * database and the shared rule never class a code differently (migration 0026).
   */
  postal_prefix: string;
  created_at: Timestamp;
  /** When an operator suspended the account (docs/product.md#reports-and-suspension). */
  suspended_at: Timestamp | null;
  discoverable: Generated<Discoverability>;
  /** With everyone on the calendar's day, or on their own path (docs/decisions/017). */
  pace: Generated<Pace>;
  /** The reader's local date (YYYY-MM-DD) when they chose their own path; else null. */
  pace_started_on: string | null;
  /** Whether the person asked to be told when someone in their circles shares (0/1). */
  circle_push: Generated<Flag>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  user_agent: string | null;
  /** The IANA zone the device last said it was in; the devices list names its place. */
  time_zone: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

/**
 * A session ended before its time (signed out from another device, a new password, a
 * suspension), kept until it would have expired so its device can be told why.
 */
export interface EndedSessionsTable {
  token_hash: string;
  reason: SessionEnding;
  expires_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** An emailed sign-in link: the hash of its token, single use, short-lived. */
export interface SignInLinksTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ThoughtsTable {
  id: Generated<number>;
  day_number: number;
  thought: string;
  explanation: string;
  reflection_prompt: string | null;
  author: string;
  /** The pack's reference for the day ("Yasna 28.1"); null when loaded before it was kept. */
  reference: string | null;
}

export interface GathaInfoTable {
  id: Generated<number>;
  song_number: number;
  song_title: string;
  stanza_number: number;
  description: string;
  start_day: number;
  end_day: number;
}

export interface JournalEntriesTable {
  id: Generated<number>;
  user_id: number;
  day_number: number;
  entry_text: string;
  is_public: Flag;
  /** The parts friends see, comma-separated; null for all three. */
  shared_parts: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A report about a reflection or a person, for an operator to review. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: 'entry' | 'user';
  target_id: number;
  /** The person reported, or the reported entry's author. */
  target_user_id: number;
  reason: 'spam' | 'harassment' | 'inappropriate' | 'other';
  note: string | null;
  status: Generated<'open' | 'dismissed' | 'resolved'>;
  created_at: Timestamp;
  updated_at: Timestamp;
  resolved_at: Timestamp | null;
}

export interface FriendRequestsTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  status: 'pending' | 'accepted' | 'rejected';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BlocksTable {
  id: Generated<number>;
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

/** A stanza a person saved, with their private note (empty when they wrote none). */
export interface SavedStanzasTable {
  id: Generated<number>;
  user_id: number;
  day_number: number;
  note: string;
  /** When the day was first saved; saving it again keeps this. */
  saved_at: Timestamp;
  updated_at: Timestamp;
}

export interface FriendshipsTable {
  id: Generated<number>;
  user_id: number;
  friend_id: number;
  created_at: Timestamp;
}

export interface UserProgressTable {
  id: Generated<number>;
  user_id: number;
  day_number: number;
  is_read: Flag;
  reflection: string | null;
  read_at: number | null;
  gatha_viewed: Generated<Flag>;
  explanation_viewed: Generated<Flag>;
  reflection_saved: Generated<Flag>;
  /** When a reflection for the day was first saved; null when only a device reported it. */
  reflection_saved_at: Timestamp | null;
  /** When the day first became complete; null for days completed before it was kept. */
  completed_at: Timestamp | null;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface ContentStateTable {
  id: number;
  source: string;
  checksum: string;
  loaded_at: Timestamp;
}

/** The VAPID pair (a single row, id 1) when none is configured. */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Timestamp;
}

/** A secret every process shares, by name (the device-cookie key), made on first need. */
export interface ServerSecretsTable {
  name: string;
  /** Random bytes in base64url. */
  secret: string;
  created_at: Timestamp;
}

/** One device's daily reminder: its browser push subscription, time and time zone. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** HH:MM on the device's wall clock. */
  reminder_time: string;
  /** IANA zone the time is in. */
  time_zone: string;
  /** Local date (YYYY-MM-DD) of the last reminder sent. */
  last_sent_on: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * The change log triggers write (migrations 0005 and 0006): what each process's cache must let
 * go of (src/server/cache/change-log.ts).
 */
export interface DataChangesTable {
  /** A number on SQLite; PostgreSQL's bigint comes back as a string. */
  seq: Generated<number | string>;
  /**
   * 'circle' names a circle's id in `user_id` (migration 0019); 'journal' an author whose own
   * entries, as they see them, changed (migration 0025).
   */
  topic: 'feed' | 'friends' | 'account' | 'content' | 'circle' | 'journal';
  user_id: number;
  /** PostgreSQL only: the transaction that wrote the entry (xid8, as text). */
  xid: Generated<string>;
  /** PostgreSQL only: when the entry was written, for trimming. */
  changed_at: Generated<Timestamp>;
}

/** A reading circle (docs/decisions/026-reading-circles.md). */
export interface CirclesTable {
  id: Generated<number>;
  name: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CircleMembersTable {
  circle_id: number;
  user_id: number;
  role: 'owner' | 'member';
  joined_at: Timestamp;
}

/** An invite link's code is kept only as its SHA-256 hash. */
export interface CircleInvitesTable {
  id: Generated<number>;
  circle_id: number;
  created_by: number;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** An entry shared with a circle; the author and day repeat the entry's, which never change. */
export interface JournalEntryCirclesTable {
  entry_id: number;
  circle_id: number;
  user_id: number;
  day_number: number;
}

/** The member's local date of the last "someone shared a reflection" notice of a circle. */
export interface CircleNoticesSentTable {
  circle_id: number;
  user_id: number;
  sent_on: string;
}

export interface EntryAppreciationsTable {
  entry_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface Database {
  content_state: ContentStateTable;
  users: UsersTable;
  sessions: SessionsTable;
  ended_sessions: EndedSessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  sign_in_links: SignInLinksTable;
  thoughts: ThoughtsTable;
  gatha_info: GathaInfoTable;
  journal_entries: JournalEntriesTable;
  friend_requests: FriendRequestsTable;
  reports: ReportsTable;
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  saved_stanzas: SavedStanzasTable;
  user_progress: UserProgressTable;
  rate_limit_counters: RateLimitCountersTable;
  push_vapid_keys: PushVapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  server_secrets: ServerSecretsTable;
  data_changes: DataChangesTable;
  circles: CirclesTable;
  circle_members: CircleMembersTable;
  circle_invites: CircleInvitesTable;
  circle_notices_sent: CircleNoticesSentTable;
  journal_entry_circles: JournalEntryCirclesTable;
  entry_appreciations: EntryAppreciationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type JournalEntryRow = Selectable<JournalEntriesTable>;
export type FriendRequestRow = Selectable<FriendRequestsTable>;

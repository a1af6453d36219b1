import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', pg ? 'serial' : 'integer', (col) =>
        pg ? col.primaryKey() : col.primaryKey().autoIncrement(),
      );
  const ts = 'varchar(32)';

  await id('users')
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('city', 'varchar(80)')
    .addColumn('whatsapp', 'varchar(20)')
    .addColumn('postal_code', 'varchar(12)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await id('sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await id('password_reset_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  await id('thoughts')
    .addColumn('day_number', 'integer', (c) => c.notNull().unique())
    .addColumn('thought', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('reflection_prompt', 'text')
    .addColumn('author', 'varchar(200)', (c) => c.notNull().defaultTo('The Threefold Path editors'))
    .execute();

  await id('gatha_info')
    .addColumn('song_number', 'integer', (c) => c.notNull())
    .addColumn('song_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('stanza_number', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('start_day', 'integer', (c) => c.notNull())
    .addColumn('end_day', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gatha_info_days_idx')
    .on('gatha_info')
    .columns(['start_day', 'end_day'])
    .execute();

  await id('journal_entries')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day_number', 'integer', (c) => c.notNull())
    .addColumn('entry_text', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('journal_entries_user_day_key', ['user_id', 'day_number'])
    .execute();
  // The user's own list, and the friends' feed: public entries of one author, newest first.
  await db.schema
    .createIndex('journal_entries_user_updated_idx')
    .on('journal_entries')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('journal_entries_public_feed_idx')
    .on('journal_entries')
    .columns(['user_id', 'is_public', 'updated_at'])
    .execute();

  await id('friend_requests')
    .addColumn('sender_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('receiver_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('friend_requests_sender_receiver_key', ['sender_id', 'receiver_id'])
    .execute();
  await db.schema
    .createIndex('friend_requests_receiver_status_idx')
    .on('friend_requests')
    .columns(['receiver_id', 'status'])
    .execute();
  await db.schema
    .createIndex('friend_requests_sender_status_idx')
    .on('friend_requests')
    .columns(['sender_id', 'status'])
    .execute();

  await id('friendships')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('friendships_user_friend_key', ['user_id', 'friend_id'])
    .execute();
  await db.schema
    .createIndex('friendships_friend_idx')
    .on('friendships')
    .column('friend_id')
    .execute();

  await id('user_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day_number', 'integer', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reflection', 'text')
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('user_progress_user_day_key', ['user_id', 'day_number'])
    .execute();

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  // Which content pack the thoughts came from, so a start does not undo an operator's import.
  await db.schema
    .createTable('content_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('checksum', 'varchar(64)', (c) => c.notNull())
    .addColumn('loaded_at', ts, (c) => c.notNull())
    .execute();

  // Search by name or username ignoring case.
  await sql`create index users_full_name_lower_idx on users (lower(full_name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'content_state',
    'rate_limit_counters',
    'user_progress',
    'friendships',
    'friend_requests',
    'journal_entries',
    'gatha_info',
    'thoughts',
    'password_reset_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

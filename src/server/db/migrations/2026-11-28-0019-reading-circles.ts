import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Reading circles (docs/decisions/026-reading-circles.md): circles, their members, invite
 * links (kept only as a hash of the code), which circles each entry is shared with, and who
 * appreciated which entry. Every row goes with its person or its circle (ON DELETE CASCADE).
 *
 * `journal_entry_circles` repeats the entry's author and day (neither ever changes), so a
 * circle's page for a day, and a leaver's shares, are read from its indexes alone.
 *
 * Change log (docs/decisions/004): topic 'circle' names a circle's id, not a person's. It is
 * logged whenever what the circle's page shows may change: a share made or taken off, a shared
 * entry edited or deleted, a member joining, leaving or changing role, a member renamed,
 * suspended or deleted. An appreciation changes the appreciator's own friends' feed (which
 * carries `appreciatedByMe`), so it is logged as their 'friends' change.
 *
 * When the owner's membership goes (their account was deleted) the longest-standing member
 * becomes the owner; a circle left with no one goes too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('circles')
    .addColumn('id', pg ? 'serial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('circle_members')
    .addColumn('circle_id', 'integer', (c) =>
      c.notNull().references('circles.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('circle_members_pkey', ['circle_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('circle_members_user_idx')
    .on('circle_members')
    .columns(['user_id', 'circle_id'])
    .execute();
  await db.schema
    .createTable('circle_invites')
    .addColumn('id', pg ? 'serial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('circle_id', 'integer', (c) =>
      c.notNull().references('circles.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('circle_invites_creator_idx')
    .on('circle_invites')
    .columns(['created_by', 'created_at'])
    .execute();
  await db.schema
    .createTable('journal_entry_circles')
    .addColumn('entry_id', 'integer', (c) =>
      c.notNull().references('journal_entries.id').onDelete('cascade'),
    )
    .addColumn('circle_id', 'integer', (c) =>
      c.notNull().references('circles.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_entry_circles_pkey', ['entry_id', 'circle_id'])
    .execute();
  await db.schema
    .createIndex('journal_entry_circles_day_idx')
    .on('journal_entry_circles')
    .columns(['circle_id', 'day_number', 'entry_id'])
    .execute();
  await db.schema
    .createIndex('journal_entry_circles_author_idx')
    .on('journal_entry_circles')
    .columns(['user_id', 'circle_id'])
    .execute();
  await db.schema
    .createTable('entry_appreciations')
    .addColumn('entry_id', 'integer', (c) =>
      c.notNull().references('journal_entries.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_appreciations_pkey', ['entry_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('entry_appreciations_user_idx')
    .on('entry_appreciations')
    .columns(['user_id', 'entry_id'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('circle_push', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const logCircle = (circleId: string) =>
  `insert into data_changes (topic, user_id) values ('circle', ${circleId});`;
const logCirclesOfEntry = (entryId: string) =>
  `insert into data_changes (topic, user_id)
     select 'circle', circle_id from journal_entry_circles where entry_id = ${entryId};`;
const logCirclesOfMember = (userId: string) =>
  `insert into data_changes (topic, user_id)
     select 'circle', circle_id from circle_members where user_id = ${userId};`;
const handOnOrClose = (circleId: string) => `
  update circle_members set role = 'owner'
    where circle_id = ${circleId}
      and exists (select 1 from circles where id = ${circleId})
      and not exists (select 1 from circle_members where circle_id = ${circleId} and role = 'owner')
      and user_id = (select user_id from circle_members where circle_id = ${circleId}
                     order by joined_at, user_id limit 1);
  delete from circles where id = ${circleId}
    and not exists (select 1 from circle_members where circle_id = ${circleId});`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create trigger journal_entry_circles_changed_insert after insert on journal_entry_circles
       begin ${logCircle('new.circle_id')} end`,
    `create trigger journal_entry_circles_changed_delete after delete on journal_entry_circles
       begin ${logCircle('old.circle_id')} end`,
    `create trigger journal_entries_circles_changed_update after update on journal_entries
       begin ${logCirclesOfEntry('new.id')} end`,
    // Before: the entry's shares are still there to name its circles.
    `create trigger journal_entries_circles_changed_delete before delete on journal_entries
       begin ${logCirclesOfEntry('old.id')} end`,
    `create trigger circle_members_changed_insert after insert on circle_members
       begin ${logCircle('new.circle_id')} end`,
    `create trigger circle_members_changed_update after update on circle_members
       begin ${logCircle('new.circle_id')} end`,
    `create trigger circle_members_changed_delete after delete on circle_members
       begin ${logCircle('old.circle_id')} ${handOnOrClose('old.circle_id')} end`,
    `create trigger users_circles_changed after update of full_name, suspended_at on users
       when old.full_name is not new.full_name or old.suspended_at is not new.suspended_at
       begin ${logCirclesOfMember('new.id')} end`,
    `create trigger users_circles_changed_delete before delete on users
       begin ${logCirclesOfMember('old.id')} end`,
    `create trigger entry_appreciations_changed_insert after insert on entry_appreciations
       begin insert into data_changes (topic, user_id) values ('friends', new.user_id); end`,
    `create trigger entry_appreciations_changed_delete after delete on entry_appreciations
       begin insert into data_changes (topic, user_id) values ('friends', old.user_id); end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const functions: Record<string, { events: string; body: string; when?: string }> = {
    journal_entry_circles: {
      events: 'insert or delete',
      body: `
        if tg_op = 'DELETE' then ${logCircle('old.circle_id')} return old; end if;
        ${logCircle('new.circle_id')} return new;`,
    },
    journal_entries: {
      events: 'update',
      body: `${logCirclesOfEntry('new.id')} return new;`,
    },
    circle_members: {
      events: 'insert or update or delete',
      body: `
        if tg_op = 'DELETE' then
          ${logCircle('old.circle_id')}
          ${handOnOrClose('old.circle_id')}
          return old;
        end if;
        ${logCircle('new.circle_id')} return new;`,
    },
    users: {
      events: 'update of full_name, suspended_at',
      when: `(old.full_name is distinct from new.full_name
              or old.suspended_at is distinct from new.suspended_at)`,
      body: `${logCirclesOfMember('new.id')} return new;`,
    },
    entry_appreciations: {
      events: 'insert or delete',
      body: `
        if tg_op = 'DELETE' then
          insert into data_changes (topic, user_id) values ('friends', old.user_id);
          return old;
        end if;
        insert into data_changes (topic, user_id) values ('friends', new.user_id);
        return new;`,
    },
  };
  for (const [table, { events, body, when }] of Object.entries(functions)) {
    await sql
      .raw(
        `create function ${table}_circle_change() returns trigger language plpgsql as $$
         begin ${body} end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_circle_change after ${events} on ${table}
         for each row ${when ? `when ${when}` : ''} execute function ${table}_circle_change()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    for (const table of [
      'journal_entry_circles',
      'journal_entries',
      'circle_members',
      'users',
      'entry_appreciations',
    ]) {
      await sql.raw(`drop trigger if exists ${table}_circle_change on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_circle_change()`).execute(db);
    }
  } else {
    for (const name of [
      'journal_entries_circles_changed_update',
      'journal_entries_circles_changed_delete',
      'users_circles_changed',
      'users_circles_changed_delete',
    ]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
  await db.schema.alterTable('users').dropColumn('circle_push').execute();
  for (const table of [
    'entry_appreciations',
    'journal_entry_circles',
    'circle_invites',
    'circle_members',
    'circles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

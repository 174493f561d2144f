/**
 * @module examples/conduit/database/migrations
 * The schema, as numbered migrations applied in order at start-up. Each runs once, in the same
 * transaction as its record in `conduit_migrations`, under an advisory lock, so that two instances
 * starting together against one server do not both apply it. Add a migration; never edit one
 * that has shipped.
 */
import type { Database } from './database.js'

/** One step of the schema. */
export interface Migration {
  id: number
  name: string
  sql: string
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'users, follows, articles, tags, favorites, comments',
    sql: `
      create table users (
        id integer generated always as identity primary key,
        username text not null unique,
        email text not null,
        password_hash text not null,
        bio text not null default '',
        image text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index users_email_key on users (lower(email));

      create table follows (
        follower_id integer not null references users on delete cascade,
        followed_id integer not null references users on delete cascade,
        primary key (follower_id, followed_id),
        check (follower_id <> followed_id)
      );
      create index follows_followed on follows (followed_id);

      create table articles (
        id integer generated always as identity primary key,
        slug text not null unique,
        title text not null,
        description text not null,
        body text not null,
        author_id integer not null references users on delete cascade,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index articles_author on articles (author_id);
      create index articles_recent on articles (created_at desc, id desc);

      create table article_tags (
        article_id integer not null references articles on delete cascade,
        tag text not null,
        primary key (article_id, tag)
      );
      create index article_tags_tag on article_tags (tag);

      create table favorites (
        user_id integer not null references users on delete cascade,
        article_id integer not null references articles on delete cascade,
        primary key (user_id, article_id)
      );
      create index favorites_article on favorites (article_id);

      create table comments (
        id integer generated always as identity primary key,
        article_id integer not null references articles on delete cascade,
        author_id integer not null references users on delete cascade,
        body text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index comments_article on comments (article_id, id);
    `,
  },
  {
    id: 2,
    name: 'settings (the generated JWT secret)',
    sql: `create table conduit_settings (key text primary key, value text not null);`,
  },
]

// any constant shared by every instance of the application: the key of its advisory lock
const migrationLock = 20_260_301

/** Applies the migrations `db` has not seen yet; resolves with the ids it applied. */
export async function migrate(db: Database, steps: readonly Migration[] = migrations): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [migrationLock])
    await tx.query(`create table if not exists conduit_migrations (
      id integer primary key, name text not null, applied_at timestamptz not null default now())`)
    const done = new Set((await tx.query<{ id: number }>('select id from conduit_migrations')).map((row) => row.id))
    const applied: number[] = []
    for (const step of steps) {
      if (done.has(step.id)) continue
      await tx.exec(step.sql)
      await tx.query('insert into conduit_migrations (id, name) values ($1, $2)', [step.id, step.name])
      applied.push(step.id)
    }
    return applied
  })
}

import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ADDRESS_FORMS } from '@ascenso/domain/address-form';
import { ROLES } from '@ascenso/domain/auth';

/** A row's id: a text primary key (the services make UUIDs). */
export const idColumn = () => text('id').primaryKey();

export const users = sqliteTable('users', {
  id: idColumn(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  /** Argon2id PHC string. */
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  role: text('role', { enum: ROLES }).notNull().default('user'),
  timezone: text('timezone').notNull().default('Europe/Madrid'),
  /** "¿Cómo quieres que te hable?": gender of the coach's adjectives about the user; neutral by default. */
  addressForm: text('address_form', { enum: ADDRESS_FORMS }).notNull().default('neutro'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date()),
});

/** A row's owner: `user_id`, required, deleted with the user. */
export const ownerColumn = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

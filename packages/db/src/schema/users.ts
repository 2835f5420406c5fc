import { ADDRESS_FORMS } from '@ascenso/domain/address-form';
import { ROLES } from '@ascenso/domain/auth';
import { at, table, text } from './kit';

/** A row's id: a text primary key (the services make UUIDs). */
export const idColumn = () => text('id').primaryKey();

export const users = table('users', {
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
  /** Work hours (decision 031): local "HH:MM" start and end, and the ISO weekdays worked ("1,2,3,4,5": Monday to Friday). */
  workStart: text('work_start').notNull().default('09:00'),
  workEnd: text('work_end').notNull().default('18:00'),
  workDays: text('work_days').notNull().default('1,2,3,4,5'),
  /**
   * When the person opened the welcome link sent to `email` (null: not confirmed yet). Until then a share
   * link, a calendar feed or a mail sent on their behalf is refused, so nobody can squat someone else's address.
   */
  emailVerifiedAt: at('email_verified_at'),
  createdAt: at('created_at')
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: at('updated_at')
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

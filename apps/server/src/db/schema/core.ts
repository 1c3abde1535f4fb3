import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { Permissions } from '@campsite/shared';
import { bytea, epoch } from './types';

export const dashboardUsers = pgTable('dashboard_users', {
  id: text('id').primaryKey(),
  lastname: text('lastname').notNull(),
  firstname: text('firstname').notNull(),
  email: text('email').notNull(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  avatar: text('avatar'),
  permissions: jsonb('permissions').$type<Permissions>().notNull(),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<'dashboard' | 'webapp'>().notNull(),
    userId: text('user_id').notNull(),
    expiresAt: epoch('expires_at').notNull(),
    createdTime: epoch('created_time').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  { id: serial('id').primaryKey(), login: text('login').notNull(), ip: text('ip').notNull(), time: epoch('time').notNull() },
  (t) => [index('login_attempts_login_idx').on(t.login, t.time), index('login_attempts_ip_idx').on(t.ip, t.time)],
);

/** One JSON document per key: 'global', 'admin', 'theme', 'logo', 'menu', 'vapid' … */
export const configEntries = pgTable('config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    base: text('base').notNull().unique(),
    originalname: text('originalname').notNull(),
    type: text('type').notNull(),
    data: bytea('data').notNull(),
    width: integer('width'),
    height: integer('height'),
    size: integer('size').notNull(),
    kind: text('kind').$type<'image' | 'pdf' | 'upload'>().notNull(),
    createdTime: epoch('created_time').notNull(),
  },
  (t) => [index('files_kind_idx').on(t.kind, t.createdTime)],
);

export const fileVariants = pgTable(
  'file_variants',
  {
    fileId: text('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    type: text('type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.width] })],
);

export const visitLogs = pgTable(
  'visit_logs',
  {
    id: serial('id').primaryKey(),
    time: epoch('time').notNull(),
    userId: text('user_id'),
    visitor: text('visitor').notNull(),
    installed: boolean('installed').notNull(),
    component: text('component').notNull(),
  },
  (t) => [index('visit_logs_time_idx').on(t.time), index('visit_logs_visitor_idx').on(t.visitor)],
);

/** Guest app accounts (002 §3); filled by the people and import areas. */
export const webappUsers = pgTable(
  'webapp_users',
  {
    id: text('id').primaryKey(),
    clientNumber: text('client_number'),
    civility: text('civility'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    birthday: epoch('birthday'),
    phone: text('phone'),
    email: text('email').notNull(),
    activate: boolean('activate').notNull().default(false),
    stayNumber: text('stay_number'),
    username: text('username'),
    avatar: text('avatar'),
    langage: text('langage'),
    userType: text('user_type'),
    participantType: text('participant_type'),
    passwordHash: text('password_hash'),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
  },
  (t) => [index('webapp_users_client_idx').on(t.clientNumber), index('webapp_users_email_idx').on(t.email)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    endpoint: text('endpoint').notNull().unique(),
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>().notNull(),
    createdTime: epoch('created_time').notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

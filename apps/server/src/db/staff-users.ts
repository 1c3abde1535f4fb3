import { getTableColumns } from 'drizzle-orm';
import type { DashboardUser } from '@campsite/shared';
import { dashboardUsers } from './schema';

type Row = typeof dashboardUsers.$inferSelect;

/**
 * Every column of a staff account but the password hash, which never leaves the server, and the account
 * as the contract sends it. Here rather than in modules/users: the session lookup of every staff request
 * (http/session.ts) reads them too, and http/ never imports a module.
 */
const { passwordHash: _hash, ...sentColumns } = getTableColumns(dashboardUsers);
export const userColumns = sentColumns;

export function toDashboardUser(row: Omit<Row, 'passwordHash'>): DashboardUser {
  return {
    _id: row.id,
    lastname: row.lastname,
    firstname: row.firstname,
    email: row.email,
    username: row.username,
    avatar: row.avatar,
    permissions: row.permissions,
    created_time: row.createdTime,
    edited_time: row.editedTime,
  };
}

/**
 * A user's signed-in devices (decision 0123): each session with the browser its user agent names (read
 * by bowser), its IP address and when it was last used; signing one out, or every other one.
 */
import { type AccountSession, SESSION_MESSAGES, type SessionUser } from '@clinicpay/shared';
import Bowser from 'bowser';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import { deleteSessionsOf, deleteUserSession, selectUserSessions } from './queries.js';

/** 'Chrome 131 on macOS' from a user agent; 'Unknown browser' when there is none or it names nothing. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = parsed.os.name;
  if (!browser) return system ? `Unknown browser on ${system}` : 'Unknown browser';
  return system ? `${browser} on ${system}` : browser;
}

/** The user's sessions that have not expired, the newest use first, `currentId` marked. */
export async function listDevices(
  db: Db,
  user: SessionUser,
  currentId: string | undefined,
): Promise<AccountSession[]> {
  const rows = await selectUserSessions(db, user.id);
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    ipAddress: row.ipAddress,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.id === currentId,
  }));
}

/** The audit entry of sessions the user ended themselves (decision 0124). */
const audit = (db: Db, user: SessionUser, sessions: number) =>
  db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: user.id,
      action: 'account.device_signed_out',
      entityType: 'user',
      entityId: user.id,
      clinicId: user.clinicId,
      details: { sessions },
    }),
  );

/**
 * Signs out one of the user's own sessions; audited. Throws NOT_FOUND (404) for one that is not theirs
 * or has ended.
 */
export async function signOutDevice(db: Db, user: SessionUser, sessionId: string): Promise<void> {
  if (!(await deleteUserSession(db, user.id, sessionId)))
    throw new AppError('NOT_FOUND', SESSION_MESSAGES.notFound);
  await audit(db, user, 1);
}

/** Signs out every session of the user but `currentId`; audited. Returns how many ended. */
export async function signOutOtherDevices(
  db: Db,
  user: SessionUser,
  currentId: string | undefined,
): Promise<number> {
  const ended = await deleteSessionsOf(db, user.id, currentId);
  await audit(db, user, ended);
  return ended;
}

/**
 * The clinic logo's rules (the profile in docs/product.md#clinic-settings; logo storage in
 * docs/product.md#records; file upload in docs/product.md#validation; Storage in
 * docs/product.md#server-calls; docs/product.md#messages-settings). Knows no HTTP.
 *
 * Objects are stored under '{clinicId}/{timestamp}.webp' (not {userId}: the clinic owns the
 * logo here, so every member of a clinic sees and replaces the same one). clinics.logo_url holds the URL
 * browsers load it from (the app's serving route, or S3_PUBLIC_URL), so the public payment page, the
 * admin lists and the profile use it as it is.
 */
import { CLINIC_MESSAGES, LOGO_MESSAGES, type LogoResult } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { FileStorage, StoredObject } from '../../storage/index.js';
import { recordAudit } from '../audit/index.js';
import { processLogoImage } from './image.js';
import { findLogoUrl, swapLogoUrl } from './queries.js';

export interface LogoDeps {
  db: Db;
  storage: FileStorage;
  /** Reports a failure that does not fail the request (an old object that could not be removed). */
  warn: (error: unknown, message: string) => void;
  /** Milliseconds since the epoch; the object's timestamp. */
  now?: () => number;
}

/** A stored logo's file name: a millisecond timestamp and the extension. */
export const LOGO_FILE_PATTERN = /^(\d{1,16})\.(webp|png|jpe?g)$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The storage key of the clinic's logo URL, or null when the URL is not one of this clinic's logos. */
export function logoKeyOf(clinicId: string, logoUrl: string | null | undefined): string | null {
  if (!logoUrl) return null;
  const path = logoUrl.split(/[?#]/)[0] ?? '';
  const [file, owner] = path.split('/').reverse();
  if (owner !== clinicId || !file || !LOGO_FILE_PATTERN.test(file)) return null;
  return `${clinicId}/${file}`;
}

function timestampOf(key: string | null): number {
  const file = key?.split('/')[1];
  return Number(file?.match(LOGO_FILE_PATTERN)?.[1] ?? 0);
}

async function removeQuietly(deps: LogoDeps, key: string | null) {
  if (!key) return;
  await deps.storage.delete(key).catch((error) => deps.warn(error, 'a logo object could not be removed'));
}

/** The clinic member acting: their clinic (from the session) and user id, named in the audit entry. */
export interface LogoActor {
  clinicId: string;
  actorUserId: string;
}

/**
 * Checks and re-encodes `bytes` (see processLogoImage for the 4xx errors), stores the new logo, points
 * clinics.logo_url at it and audits the change (`clinic.logo_updated`, against the clinic, by `actor`,
 * with the URL before and after) in one transaction, then removes the old object. On any failure
 * nothing stays stored, the URL is unchanged and no entry is written. Throws AppError CLINIC_NOT_FOUND
 * when the clinic is gone.
 */
export async function uploadLogo(deps: LogoDeps, actor: LogoActor, bytes: Buffer): Promise<LogoResult> {
  const { clinicId } = actor;
  const logo = await processLogoImage(bytes);
  const current = await findLogoUrl(deps.db, clinicId);
  if (current === undefined) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);

  // A later upload always gets a later name, so the old object is never the new one.
  const timestamp = Math.max((deps.now ?? Date.now)(), timestampOf(logoKeyOf(clinicId, current)) + 1);
  const key = `${clinicId}/${timestamp}.${logo.extension}`;
  await deps.storage.put(key, logo.bytes, logo.contentType);

  const logoUrl = deps.storage.urlFor(key);
  let swapped: { previous: string | null };
  try {
    swapped = await deps.db.transaction(async (tx) => {
      const done = await swapLogoUrl(tx, clinicId, logoUrl);
      if (!done) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
      await recordAudit(tx, {
        actorUserId: actor.actorUserId,
        action: 'clinic.logo_updated',
        entityType: 'clinic',
        entityId: clinicId,
        details: { before: { logoUrl: done.previous }, after: { logoUrl } },
      });
      return done;
    });
  } catch (error) {
    await removeQuietly(deps, key);
    throw error;
  }
  const previousKey = logoKeyOf(clinicId, swapped.previous);
  if (previousKey !== key) await removeQuietly(deps, previousKey);
  return { logoUrl };
}

/**
 * Clears clinics.logo_url and audits it (`clinic.logo_removed`, against the clinic, by `actor`, with
 * the URL removed) in one transaction, then removes the stored object. Throws AppError NO_LOGO 'No logo
 * to delete' when the clinic has no logo, CLINIC_NOT_FOUND when the clinic is gone; neither writes an
 * entry.
 */
export async function deleteLogo(deps: LogoDeps, actor: LogoActor): Promise<LogoResult> {
  const { clinicId } = actor;
  const previous = await deps.db.transaction(async (tx) => {
    const swapped = await swapLogoUrl(tx, clinicId, null);
    if (!swapped) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
    if (!swapped.previous) throw new AppError('NO_LOGO', LOGO_MESSAGES.noLogo);
    await recordAudit(tx, {
      actorUserId: actor.actorUserId,
      action: 'clinic.logo_removed',
      entityType: 'clinic',
      entityId: clinicId,
      details: { before: { logoUrl: swapped.previous }, after: { logoUrl: null } },
    });
    return swapped.previous;
  });
  await removeQuietly(deps, logoKeyOf(clinicId, previous));
  return { logoUrl: null };
}

/**
 * A stored logo for the public serving route. `clinicId` and `file` are checked here too, so no path
 * outside the logo store can be named. Throws AppError NOT_FOUND 'Logo not found'.
 */
export async function openLogo(storage: FileStorage, clinicId: string, file: string): Promise<StoredObject> {
  if (!UUID_PATTERN.test(clinicId) || !LOGO_FILE_PATTERN.test(file)) {
    throw new AppError('NOT_FOUND', LOGO_MESSAGES.notFound);
  }
  const object = await storage.get(`${clinicId.toLowerCase()}/${file}`);
  if (!object) throw new AppError('NOT_FOUND', LOGO_MESSAGES.notFound);
  return object;
}

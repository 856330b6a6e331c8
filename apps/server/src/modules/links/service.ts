/**
 * A clinic's payment links (docs/product.md#states-payment-link: active ↔ archived). Another clinic's
 * link, or an id that is no link at all, is 'Link not found' (404), so ids from other clinics reveal nothing.
 */
import { LINK_MESSAGES, type LinkType, type NewPaymentLink, type PaymentLink } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { recordAudit } from '../audit/index.js';
import { hasPolicyInForce } from '../policies/index.js';
import { closesAfter, lastDayBefore, londonDay } from './lifetime.js';
import {
  findClinicLink,
  insertPaymentLink,
  listClinicLinks,
  lockClinicLink,
  type PaymentLinkRow,
  setLinkActive,
} from './queries.js';

export function toPaymentLink(row: PaymentLinkRow, publicUrl: string): PaymentLink {
  return {
    id: row.id,
    title: row.title,
    amount: row.amount,
    // A link is only ever made with a link type (LINK_TYPES); the column's type is shared with payments.
    type: row.type as LinkType,
    description: row.description,
    isActive: row.isActive,
    requiresCardOnFile: row.requiresCardOnFile,
    treatmentTotal: row.treatmentTotal,
    securesAppointment: row.securesAppointment,
    expiresOn: row.expiresAt ? lastDayBefore(row.expiresAt) : null,
    maxPayments: row.maxPayments,
    clinicReference: row.clinicReference,
    createdAt: row.createdAt.toISOString(),
    url: `${publicUrl}/payment/${row.id}`,
  };
}

interface LinkContext {
  db: Db;
  clinicId: string;
  publicUrl: string;
  /** The signed-in member acting, named in the audit entry of a change. */
  actorUserId: string;
}

/**
 * Creates one of the clinic's links, audited (`link.created`, against the clinic, with the link's id,
 * title, amount in pence and type) in the transaction that stores it. Throws AppError VALIDATION_FAILED (400) for a link that asks for a
 * card on file while the clinic has no policy in force (no card could be saved under it), and for a
 * last day to pay before today in London (docs/decisions/0105-request-and-link-lifetimes.md).
 */
export async function createPaymentLink(context: LinkContext, values: NewPaymentLink): Promise<PaymentLink> {
  if (values.requiresCardOnFile && !(await hasPolicyInForce(context.db, context.clinicId)))
    throw new AppError('VALIDATION_FAILED', LINK_MESSAGES.noPolicyForCardOnFile, {
      requiresCardOnFile: LINK_MESSAGES.noPolicyForCardOnFile,
    });
  if (values.expiresOn !== null && values.expiresOn < londonDay(new Date()))
    throw new AppError('VALIDATION_FAILED', LINK_MESSAGES.expiryInPast, {
      expiresOn: LINK_MESSAGES.expiryInPast,
    });
  const { depositPercent: _givenAsPercent, expiresOn, ...link } = values;
  const row = await context.db.transaction(async (tx) => {
    const stored = await insertPaymentLink(tx, {
      ...link,
      expiresAt: expiresOn === null ? null : closesAfter(expiresOn),
      clinicId: context.clinicId,
    });
    await recordAudit(tx, {
      actorUserId: context.actorUserId,
      action: 'link.created',
      entityType: 'clinic',
      entityId: context.clinicId,
      details: { linkId: stored.id, title: stored.title, amount: stored.amount, type: stored.type },
    });
    return stored;
  });
  return toPaymentLink(row, context.publicUrl);
}

export async function getPaymentLink(context: LinkContext, linkId: string): Promise<PaymentLink> {
  const row = isUuid(linkId) ? await findClinicLink(context.db, context.clinicId, linkId) : undefined;
  if (!row) throw new AppError('LINK_NOT_FOUND', LINK_MESSAGES.notFound);
  return toPaymentLink(row, context.publicUrl);
}

export async function listPaymentLinks(
  context: LinkContext,
  query: { view: 'active' | 'archived'; page: number; pageSize: number },
) {
  const { rows, total } = await listClinicLinks(context.db, {
    clinicId: context.clinicId,
    isActive: query.view === 'active',
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      ...toPaymentLink(row.link, context.publicUrl),
      totals: { payments: row.paymentCount, net: row.paymentsNet },
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * Archives (false) or unarchives (true) one of the clinic's links, with the link locked, and audits the
 * change (`link.updated`, against the clinic: the link's id and `isActive` before and after) in its
 * transaction; a link already so is answered as it is, with nothing written. Throws AppError
 * LINK_NOT_FOUND (404) for an unknown, malformed or another clinic's id.
 */
export async function setPaymentLinkActive(
  context: LinkContext,
  linkId: string,
  isActive: boolean,
): Promise<PaymentLink> {
  if (!isUuid(linkId)) throw new AppError('LINK_NOT_FOUND', LINK_MESSAGES.notFound);
  const row = await context.db.transaction(async (tx) => {
    const current = await lockClinicLink(tx, context.clinicId, linkId);
    if (!current) throw new AppError('LINK_NOT_FOUND', LINK_MESSAGES.notFound);
    if (current.isActive === isActive) return current;
    const updated = await setLinkActive(tx, context.clinicId, linkId, isActive);
    if (!updated) throw new AppError('LINK_NOT_FOUND', LINK_MESSAGES.notFound);
    await recordAudit(tx, {
      actorUserId: context.actorUserId,
      action: 'link.updated',
      entityType: 'clinic',
      entityId: context.clinicId,
      details: { linkId, before: { isActive: current.isActive }, after: { isActive } },
    });
    return updated;
  });
  return toPaymentLink(row, context.publicUrl);
}

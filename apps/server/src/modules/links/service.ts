/**
 * A clinic's payment links (docs/product.md#states-payment-link: active ↔ archived). Another clinic's
 * link, or an id that is no link at all, is 'Link not found' (404), so ids from other clinics reveal nothing.
 */
import { LINK_MESSAGES, type LinkType, type NewPaymentLink, type PaymentLink } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { hasPolicyInForce } from '../policies/index.js';
import { closesAfter, lastDayBefore, londonDay } from './lifetime.js';
import {
  findClinicLink,
  insertPaymentLink,
  listClinicLinks,
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
}

/**
 * Creates one of the clinic's links. Throws AppError VALIDATION_FAILED (400) for a link that asks for a
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
  const row = await insertPaymentLink(context.db, {
    ...link,
    expiresAt: expiresOn === null ? null : closesAfter(expiresOn),
    clinicId: context.clinicId,
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

/** Archives (false) or unarchives (true) one of the clinic's links. */
export async function setPaymentLinkActive(
  context: LinkContext,
  linkId: string,
  isActive: boolean,
): Promise<PaymentLink> {
  const row = isUuid(linkId)
    ? await setLinkActive(context.db, context.clinicId, linkId, isActive)
    : undefined;
  if (!row) throw new AppError('LINK_NOT_FOUND', LINK_MESSAGES.notFound);
  return toPaymentLink(row, context.publicUrl);
}

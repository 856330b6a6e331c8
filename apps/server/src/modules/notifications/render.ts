/**
 * The words of ClinicPay's four notices (decision 0019): the email (subject, HTML and plain text, built with
 * React Email from the templates beside this file, through email-element.ts and mail/render-email.ts) and
 * the SMS. A job handler gives a NoticeContent and sends what comes back. Amounts arrive as integer pence
 * and are shown with formatPence; dates are shown in en-GB, Europe/London time. The fallbacks are those of
 * docs/product.md#constants: 'Your healthcare provider' for a clinic without a name, 'Unknown Patient'
 * for a patient without one.
 */
import { type EmailBodies, renderEmail } from '../../mail/render-email.js';
import { type NoticeContent, type NoticeView, viewOf } from './notice-view.js';
import type { NotificationType } from './payload.js';

export type { NoticeContent } from './notice-view.js';

/** A notice's email: its subject and its two bodies. */
export type RenderedEmail = EmailBodies & { subject: string };

/**
 * Renders a notice's email: the subject, the HTML (every user-given value escaped by React) and the
 * plain-text version, which carries the amount, the reference where there is one and, for a request,
 * the payment link in full as its first URL. Amounts in `content` are integer pence.
 * Throws when a request has no paymentUrl or a refund notice no refundAmount. React Email and the
 * templates are loaded with the first email, not at start (decision 0077, a server's memory).
 */
export async function renderNoticeEmail(content: NoticeContent): Promise<RenderedEmail> {
  const view = viewOf(content);
  const { emailOf } = await import('./email-element.js');
  const { subject, element } = emailOf(view, content.type);
  const { html, text } = await renderEmail(element);
  return { subject: oneLine(subject), text, html };
}

/** Collapses whitespace (newlines included) so user text cannot break a header or an SMS into lines. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// GSM 03.38: the basic set costs one unit a character, the extension set two (escape + character).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

function isGsm(char: string): boolean {
  return GSM_BASIC.has(char) || GSM_EXTENSION.has(char);
}

/** The most segments a notice's SMS may take: 306 GSM-7 characters or 134 UCS-2 units. */
export const SMS_MAX_SEGMENTS = 2;

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  segments: number;
}

/**
 * Counts the segments an SMS takes: GSM-7 when every character is in the GSM 03.38 sets (160 in one
 * segment, 153 a segment when split), otherwise UCS-2 (70, or 67 a segment). A character never straddles
 * two segments, so an extension character or a surrogate pair at a boundary starts the next one.
 */
export function countSmsSegments(text: string): SmsSegments {
  const chars = Array.from(text);
  const gsm = chars.every(isGsm);
  const costs = chars.map((char) => (gsm ? (GSM_EXTENSION.has(char) ? 2 : 1) : char.length));
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const [single, perPart] = gsm ? [160, 153] : [70, 67];
  if (units <= single) return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments: units ? 1 : 0 };
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > perPart) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments };
}

// Typographic characters a name or message often holds that GSM-7 lacks; one of them would make the
// whole text UCS-2 and halve the room.
const TO_GSM: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032]/g, "'"],
  [/[\u201C\u201D\u201E\u2033]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, '-'],
  [/\u2026/g, '...'],
];

/** A user-given SMS field: one line, common typography replaced by its GSM-7 look-alike. */
function smsField(text: string): string {
  return TO_GSM.reduce((out, [pattern, plain]) => out.replace(pattern, plain), oneLine(text));
}

/**
 * `text` with the accents taken off letters GSM-7 lacks ('Zoë' → 'Zoe'; 'é' is GSM-7 and stays), or
 * null when a character has no GSM-7 form at all ('ł', an emoji).
 */
function toGsm(text: string): string | null {
  let out = '';
  for (const char of text) {
    const plain = isGsm(char) ? char : char.normalize('NFD').replace(/\p{M}/gu, '');
    if (!plain || !Array.from(plain).every(isGsm)) return null;
    out += plain;
  }
  return out;
}

/**
 * The SMS of each notice: the user-given fields it may shorten (clinic name, description, patient name)
 * and how to write the message from them. The amounts, link and reference are never among the fields.
 */
function smsOf(
  view: NoticeView,
  type: NotificationType,
): { fields: string[]; write: (fields: string[]) => string } {
  const ref = view.reference ? ` Ref: ${view.reference}` : '';
  const clinic = smsField(view.clinic.name);
  const description = smsField(view.description);
  switch (type) {
    case 'payment_request':
      return {
        fields: [clinic, description],
        write: ([c, d]) => `${c}: please pay ${view.amount} (${d}). Pay securely at ${view.paymentUrl}`,
      };
    case 'payment_reminder':
      return {
        fields: [clinic, description],
        write: ([c, d]) =>
          `${c}: a reminder to pay ${view.amount} (${d}). Pay securely at ${view.paymentUrl}`,
      };
    case 'payment_confirmation':
      return {
        fields: [clinic, description],
        write: ([c, d]) => `${c}: thank you, your payment of ${view.amount} (${d}) has been received.${ref}`,
      };
    case 'payment_received':
      return {
        fields: [clinic, description, smsField(view.patient.name)],
        write: ([c, d, p]) => `ClinicPay: ${c} received ${view.amount} from ${p} (${d}).${ref}`,
      };
    case 'refund_confirmation':
      return {
        fields: [clinic],
        write: ([c]) => `${c}: ${view.refundAmount} of your ${view.amount} payment has been refunded.${ref}`,
      };
    case 'charge_authentication':
      return {
        fields: [clinic, description],
        write: ([c, d]) =>
          `${c}: your bank asks you to confirm a payment of ${view.amount} (${d}) to your saved card. Confirm at ${view.paymentUrl}`,
      };
    case 'card_saved':
      return {
        fields: [clinic, description],
        write: ([c, d]) =>
          `${c}: your ${view.cardOnFile?.card ?? 'card'} is saved to secure your appointment (${d}). Nothing has been charged.`,
      };
  }
}

function fits(text: string): boolean {
  return countSmsSegments(text).segments <= SMS_MAX_SEGMENTS;
}

/** `chars` cut to `keep` characters with '...' (GSM-7 has no single ellipsis character) when cut. */
function cut(chars: string[], keep: number): string {
  return keep >= chars.length ? chars.join('') : `${chars.slice(0, keep).join('').trimEnd()}...`;
}

/**
 * Renders a notice's SMS: one line of plain text naming the clinic and the amount (in pounds from
 * pence) with the payment link (request) or the reference (the others), in at most 2 segments. When too
 * long, accents GSM-7 lacks are dropped first (306 GSM-7 characters hold far more than 134 UCS-2 units),
 * then the longest of the clinic name, description and patient name is cut, a character at a time, with
 * '...'. The link, amounts and reference are kept whole, so only an absurdly long link can overflow.
 * Throws when a request has no paymentUrl or a refund notice no refundAmount.
 */
export function renderNoticeSms(content: NoticeContent): string {
  const { fields, write } = smsOf(viewOf(content), content.type);
  const whole = write(fields);
  if (fits(whole)) return whole;
  const gsmFields = fields.map(toGsm);
  return shortenToFit(
    gsmFields.every((field): field is string => field !== null) ? gsmFields : fields,
    write,
  );
}

/** Cuts the longest field by one character until the text fits or every field is down to one. */
function shortenToFit(fields: string[], write: (fields: string[]) => string): string {
  const chars = fields.map((field) => Array.from(field));
  // Nothing longer than the whole budget can be kept, so start there rather than a character at a time.
  const keep = chars.map((field) => Math.min(field.length, 306));
  const compose = () => write(chars.map((field, index) => cut(field, keep[index] ?? 0)));
  let text = compose();
  while (!fits(text)) {
    const longest = keep.indexOf(Math.max(...keep));
    if ((keep[longest] ?? 0) <= 1) break;
    keep[longest] = (keep[longest] ?? 0) - 1;
    text = compose();
  }
  return text;
}

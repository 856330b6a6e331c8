/**
 * Checking a dispute evidence file before it is kept (Stripe's limits: docs.stripe.com/disputes/best-practices):
 * the content decides the type (file-type), never the name or the browser's type; only PDF, PNG and
 * JPEG are taken; and a file cut short is refused: a PDF must end with its %%EOF marker, and an image
 * must decode whole (sharp, failOn 'truncated'). Both libraries load with the first file.
 */
import { DISPUTE_MESSAGES, EVIDENCE_FILE_TYPES } from '@clinicpay/shared';
import { AppError } from '../../http/app-error.js';

type EvidenceFileType = (typeof EVIDENCE_FILE_TYPES)[number];

/**
 * A PDF's last lines hold %%EOF (ISO 32000-1, section 7.5.5); a PDF without one in its last kilobyte was cut
 * short.
 */
function pdfIsWhole(bytes: Buffer): boolean {
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF');
}

/**
 * The file's type by content. Throws AppError BAD_REQUEST (empty), EVIDENCE_FILE_TYPE (not PDF, PNG or
 * JPEG by content) or EVIDENCE_FILE_UNREADABLE (truncated or corrupt).
 */
export async function checkEvidenceFile(bytes: Buffer): Promise<EvidenceFileType> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', DISPUTE_MESSAGES.fileMissing);
  const { fileTypeFromBuffer } = await import('file-type');
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (!(EVIDENCE_FILE_TYPES as readonly string[]).includes(mime ?? ''))
    throw new AppError('EVIDENCE_FILE_TYPE', DISPUTE_MESSAGES.fileType);
  const type = mime as EvidenceFileType;
  if (type === 'application/pdf') {
    if (!pdfIsWhole(bytes)) throw new AppError('EVIDENCE_FILE_UNREADABLE', DISPUTE_MESSAGES.fileUnreadable);
    return type;
  }
  const { default: sharp } = await import('sharp');
  try {
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: 50_000_000 }).resize(32).toBuffer();
  } catch {
    throw new AppError('EVIDENCE_FILE_UNREADABLE', DISPUTE_MESSAGES.fileUnreadable);
  }
  return type;
}

import {
  DISPUTE_MESSAGES,
  EVIDENCE_FILE_TYPES,
  EVIDENCE_MAX_TOTAL_BYTES,
  type EvidenceFile,
  type EvidenceFileKind,
} from '@clinicpay/shared';

/** What the file input offers: the types the card provider takes, and their usual extensions. */
export const EVIDENCE_ACCEPT = [...EVIDENCE_FILE_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(',');

const ACCEPTED_EXTENSION = /\.(pdf|png|jpe?g)$/i;

/** The evidence's files together, in bytes. */
export const totalBytes = (files: readonly Pick<EvidenceFile, 'size'>[]) =>
  files.reduce((sum, file) => sum + file.size, 0);

/**
 * The message for a file the browser can already tell would be refused, or null: not PDF, PNG or JPEG
 * (by its type, or by its name when the browser gives no type), or more than the 4.5 MB the evidence's
 * files may take together. A file replaces the one of its kind, so that one does not count; until the
 * kind is chosen (null), only the type is checked.
 */
export function clientSideEvidenceFileProblem(
  file: File,
  kind: EvidenceFileKind | null,
  files: readonly EvidenceFile[],
): string | null {
  const typeAccepted = file.type
    ? (EVIDENCE_FILE_TYPES as readonly string[]).includes(file.type)
    : ACCEPTED_EXTENSION.test(file.name);
  if (!typeAccepted) return DISPUTE_MESSAGES.fileType;
  if (kind === null) return null;
  const others = totalBytes(files.filter((existing) => existing.kind !== kind));
  if (others + file.size > EVIDENCE_MAX_TOTAL_BYTES) return DISPUTE_MESSAGES.fileTooLarge;
  return null;
}

/** A file's size as people read it, in the decimal units of the 4.5 MB limit: '1.2 MB', '350 KB'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 999_950) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} KB`;
  return `${bytes} bytes`;
}

/**
 * Reading the one uploaded file of a multipart request (HTTP side of the logo upload). The file is
 * read into memory up to the 2 MB limit and no further: a larger file is refused as soon as it
 * passes the limit. Every way a multipart body can be wrong answers a 4xx, never a 500.
 */
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@clinicpay/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';

export const UNREADABLE_UPLOAD_MESSAGE = 'The upload could not be read';

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('LOGO_TOO_LARGE', LOGO_MESSAGES.tooLarge);
  // Busboy's parse errors (malformed or cut-off bodies) and the plugin's limits: the client's doing.
  return new AppError('BAD_REQUEST', UNREADABLE_UPLOAD_MESSAGE);
}

/**
 * The bytes of the request's first file part. Throws AppError BAD_REQUEST 'Please choose an image to
 * upload' (not multipart, no file, empty file) or for a malformed body, LOGO_TOO_LARGE over 2 MB.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', LOGO_MESSAGES.noFile);
  try {
    const part = await request.file({
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    if (!part) throw new AppError('BAD_REQUEST', LOGO_MESSAGES.noFile);
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new AppError('BAD_REQUEST', LOGO_MESSAGES.noFile);
    return bytes;
  } catch (error) {
    throw toAppError(error);
  }
}

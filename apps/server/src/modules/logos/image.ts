/**
 * Checking and re-encoding an uploaded logo (file upload in docs/product.md#validation, the 2 MB limit in
 * docs/product.md#constants). The content decides the type (file-type), never the file name or the browser's
 * type; the image is then decoded and re-encoded by sharp, which drops EXIF and any other metadata and
 * anything hidden after the image. Both are loaded with the first upload, not at start: together they are
 * about 35 MB of a server's memory that most days never needs them (decision 0077).
 */
import {
  LOGO_ACCEPTED_TYPES,
  LOGO_MAX_BYTES,
  LOGO_MAX_PIXELS,
  LOGO_MAX_SIDE,
  LOGO_MESSAGES,
} from '@clinicpay/shared';
import { AppError } from '../../http/app-error.js';

/** A logo ready to store: WebP bytes, at most LOGO_MAX_SIDE pixels on each side. */
export interface ProcessedLogo {
  bytes: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

/** sharp's format name for each accepted type, to check that sharp reads what file-type recognised. */
const SHARP_FORMAT_BY_TYPE: Record<(typeof LOGO_ACCEPTED_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

function isAcceptedType(mime: string | undefined): mime is (typeof LOGO_ACCEPTED_TYPES)[number] {
  return (LOGO_ACCEPTED_TYPES as readonly string[]).includes(mime ?? '');
}

/**
 * Recognises, decodes, auto-rotates, fits inside LOGO_MAX_SIDE × LOGO_MAX_SIDE and re-encodes `bytes`.
 * Throws AppError LOGO_TOO_LARGE (over 2 MB), BAD_REQUEST (empty), LOGO_TYPE_NOT_ALLOWED (not PNG,
 * JPEG or WebP by content: SVG, text, anything else), or LOGO_UNREADABLE (truncated or corrupt, or
 * over LOGO_MAX_PIXELS, checked from the header before any pixel is decoded).
 */
export async function processLogoImage(bytes: Buffer): Promise<ProcessedLogo> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', LOGO_MESSAGES.noFile);
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError('LOGO_TOO_LARGE', LOGO_MESSAGES.tooLarge);

  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  const type = await fileTypeFromBuffer(bytes);
  if (!isAcceptedType(type?.mime)) {
    throw new AppError('LOGO_TYPE_NOT_ALLOWED', LOGO_MESSAGES.wrongType);
  }

  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw new AppError('LOGO_UNREADABLE', LOGO_MESSAGES.unreadable);
    });
  if (metadata.format !== SHARP_FORMAT_BY_TYPE[type.mime] || !metadata.width || !metadata.height) {
    throw new AppError('LOGO_UNREADABLE', LOGO_MESSAGES.unreadable);
  }
  if (metadata.width * metadata.height > LOGO_MAX_PIXELS) {
    throw new AppError('LOGO_UNREADABLE', LOGO_MESSAGES.tooManyPixels);
  }

  try {
    // limitInputPixels guards the decoder as well; failOn 'warning' refuses truncated data.
    const { data, info } = await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'warning' })
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: 'image/webp',
      extension: 'webp',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new AppError('LOGO_UNREADABLE', LOGO_MESSAGES.unreadable);
  }
}

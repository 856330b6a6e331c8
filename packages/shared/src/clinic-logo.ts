/**
 * The clinic logo (the profile of docs/product.md#clinic-settings; logo storage,
 * docs/product.md#record-clinic; the file upload rules, docs/product.md#validation; the messages,
 * docs/product.md#messages-settings; the logo cache of 3600 s and the 2 MB limit,
 * docs/product.md#constants). PNG, JPEG and WebP, recognised by content; SVG refused (decision 0015).
 */
import { z } from 'zod';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_MB = 2;
export const LOGO_CACHE_SECONDS = 3600;
export const LOGO_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** What the file input offers (the server still checks the content, not the name or the browser's type). */
export const LOGO_ACCEPT_ATTRIBUTE = LOGO_ACCEPTED_TYPES.join(',');
/** Refused before decoding (a decompression bomb): at most 25 million pixels, e.g. 5000 × 5000. */
export const LOGO_MAX_PIXELS = 25_000_000;
/** The stored logo fits inside this square, in pixels (never enlarged). */
export const LOGO_MAX_SIDE = 512;

export const LOGO_MESSAGES = {
  tooLarge: `File size exceeds the ${LOGO_MAX_MB}MB limit`,
  wrongType: 'Please upload a PNG, JPEG or WebP image',
  unreadable: 'The image could not be read',
  tooManyPixels: 'The image dimensions are too large (at most 25 megapixels, e.g. 5000 × 5000)',
  noFile: 'Please choose an image to upload',
  notFound: 'Logo not found',
  uploaded: 'File uploaded successfully',
  deleted: 'File deleted successfully',
  noLogo: 'No logo to delete',
  uploadFailed: 'Failed to upload file',
  deleteFailed: 'Failed to delete file',
  uploadFailedWith: (message: string) => `Failed to upload logo: ${message}`,
  deleteFailedWith: (message: string) => `Failed to delete logo: ${message}`,
} as const;

export const logoResultSchema = z.object({ logoUrl: z.string().nullable() });
export type LogoResult = z.infer<typeof logoResultSchema>;

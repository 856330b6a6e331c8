/**
 * QR codes of payment pages, made by the `qrcode` package (ISO/IEC 18004): SVG for print at any size,
 * PNG at 1,024 pixels square for documents and screens. Error correction level M (15% of the code may
 * be damaged or covered) and the standard quiet zone of 4 modules, so a printed poster scans from a
 * phone at arm's length.
 */
import type { FastifyReply } from 'fastify';
import QRCode from 'qrcode';

export type QrCodeFormat = 'svg' | 'png';

const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The QR code of `url` as an SVG document (text) or a PNG image (bytes). */
export async function qrCodeOf(url: string, format: QrCodeFormat): Promise<string | Buffer> {
  if (format === 'svg') return QRCode.toString(url, { ...OPTIONS, type: 'svg' });
  return QRCode.toBuffer(url, { ...OPTIONS, type: 'png', width: 1024 });
}

/**
 * Answers with the QR code of `url` as a download named `{baseName}.{format}`; `baseName` must be
 * safe in a header (letters, digits and hyphens).
 */
export async function sendQrCode(reply: FastifyReply, url: string, format: QrCodeFormat, baseName: string) {
  const body = await qrCodeOf(url, format);
  return reply
    .type(format === 'svg' ? 'image/svg+xml' : 'image/png')
    .header('content-disposition', `attachment; filename="${baseName}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

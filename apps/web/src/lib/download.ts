import { apiFetch } from './api-client';

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next task, once the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name from `attachment; filename="…"` (or RFC 6266's filename*), if the server gave one. */
export function fileNameFrom(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1] ?? null;
}

/**
 * GETs `path` under /api (a file the server sends as an attachment, e.g. a CSV) and saves it under the
 * server's file name, or `fallbackName`. Resolves to the name saved; a refusal throws ApiError with the
 * server's message, and no answer throws it with `fallback` (apiFetch).
 */
export async function downloadAttachment(
  path: string,
  fallbackName: string,
  fallback?: string,
): Promise<string> {
  const response = await apiFetch(path, { fallback });
  const name = fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

import { CONNECTION_ERROR_MESSAGE, messageForCode, rateLimitMessage } from './error-messages';

/** What a download link answered: the file was handed to the browser, or why not (Spanish, for a toast). */
export type DownloadResult = { ok: true; filename: string } | { ok: false; message: string };

const DOWNLOAD_FAILED = 'No hemos podido preparar la descarga. Inténtalo de nuevo en un momento.';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/i.exec(header ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches `url` with the session cookie and hands the file to the browser (an object URL clicked as a
 * download), so that a refusal can be explained instead of saving the error as the file: 429 with the
 * server's Spanish message (or the wait from Retry-After), 401 as a signed-out session. Links keep their
 * `href`, so without JavaScript (or with a modifier key) the browser downloads by itself.
 */
export async function downloadFile(url: string, fallbackName: string, fetchImpl: typeof fetch = fetch): Promise<DownloadResult> {
  let response: Response;
  try {
    response = await fetchImpl(url, { credentials: 'same-origin' });
  } catch {
    return { ok: false, message: CONNECTION_ERROR_MESSAGE };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const said = typeof body?.error?.message === 'string' && body.error.message.trim() ? body.error.message : null;
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get('retry-after'));
      return { ok: false, message: said ?? rateLimitMessage(Number.isFinite(retryAfter) ? retryAfter : null) };
    }
    if (response.status === 401) return { ok: false, message: messageForCode('UNAUTHORIZED') };
    return { ok: false, message: said ?? DOWNLOAD_FAILED };
  }
  const filename = attachmentName(response.headers.get('content-disposition'), fallbackName);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return { ok: true, filename };
}

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachmentName, downloadFile } from './download';

afterEach(() => vi.restoreAllMocks());

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers })) as unknown as typeof fetch;

describe('downloadFile', () => {
  it('hands the file to the browser under the name the server gives', async () => {
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const result = await downloadFile(
      '/api/profile/export?format=markdown',
      'ascenso-mis-datos.md',
      answer(200, '# Tus datos', { 'content-disposition': 'attachment; filename="ascenso-2026-11-29.md"' }),
    );
    expect(result).toEqual({ ok: true, filename: 'ascenso-2026-11-29.md' });
    expect(created).toHaveBeenCalledOnce();
    expect(clicked).toEqual([{ href: 'blob:http://localhost/1', download: 'ascenso-2026-11-29.md' }]);
  });

  it('explains a refusal instead of saving it: the server’s message for 429, the session for 401', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    expect(
      await downloadFile(
        '/x',
        'f.json',
        answer(429, { error: { code: 'RATE_LIMITED', message: 'Has exportado tus datos muchas veces en la última hora.' } }, { 'retry-after': '1200' }),
      ),
    ).toEqual({ ok: false, message: 'Has exportado tus datos muchas veces en la última hora.' });
    // Without a message in the body, the wait from Retry-After.
    expect(await downloadFile('/x', 'f.json', answer(429, 'demasiadas', { 'retry-after': '1200' }))).toEqual({
      ok: false,
      message: 'Demasiados intentos. Vuelve a intentarlo en 20 minutos.',
    });
    const signedOut = await downloadFile('/x', 'f.json', answer(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }));
    expect(signedOut.ok).toBe(false);
    expect(click).not.toHaveBeenCalled();
  });

  it('says so when the connection fails', async () => {
    const result = await downloadFile('/x', 'f.json', (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    expect(result.ok).toBe(false);
  });

  it('reads the file name from Content-Disposition, or keeps the fallback', () => {
    expect(attachmentName('attachment; filename="ascenso-mis-datos.json"', 'x')).toBe('ascenso-mis-datos.json');
    expect(attachmentName(null, 'x.md')).toBe('x.md');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { downloadExport, exportFilename, formatBytes } from './privacyQueries';

function streamed(chunks: Uint8Array[], init: ResponseInit = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });
  return new Response(body, init);
}

describe('downloadExport', () => {
  it('reports the bytes as each chunk arrives and answers the whole file under the server’s name', async () => {
    const chunks = [new Uint8Array([0x50, 0x4b, 3, 4]), new Uint8Array(1000), new Uint8Array(24)];
    const fetchImpl = vi.fn(() =>
      Promise.resolve(
        streamed(chunks, {
          status: 200,
          headers: { 'Content-Disposition': `attachment; filename="kesi-export-2026-11-23.zip"; filename*=UTF-8''kesi-export-2026-11-23.zip` },
        }),
      ),
    );
    const seen: number[] = [];
    const { blob, filename } = await downloadExport((n) => seen.push(n), fetchImpl);
    expect(seen).toEqual([4, 1004, 1028]);
    expect(blob.size).toBe(1028);
    expect(filename).toBe('kesi-export-2026-11-23.zip');
    expect(fetchImpl).toHaveBeenCalledWith('/api/account/export', { credentials: 'include' });
  });

  it('answers the server’s message when the download is refused', async () => {
    const fetchImpl = () => Promise.resolve(new Response(JSON.stringify({ message: 'Your account cannot use this feature.' }), { status: 403 }));
    await expect(downloadExport(() => undefined, fetchImpl as typeof fetch)).rejects.toThrow('Your account cannot use this feature.');
  });
});

describe('helpers', () => {
  it('reads the file name, else a default', () => {
    expect(exportFilename(null)).toBe('kesi-export.zip');
    expect(exportFilename('attachment; filename="a.zip"')).toBe('a.zip');
  });
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

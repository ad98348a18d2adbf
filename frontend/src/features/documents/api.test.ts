import { describe, expect, it } from 'vitest';
import { defaultTitle, downloadUrl } from './api';

describe('upload title default', () => {
  it("is the first file's name without its extension", () => {
    expect(defaultTitle([new File(['x'], 'Plaint dated 5 Jan.2025.pdf'), new File(['y'], 'b.docx')])).toBe('Plaint dated 5 Jan.2025');
    expect(defaultTitle([new File(['x'], 'README')])).toBe('README');
    expect(defaultTitle([new File(['x'], '.env')])).toBe('.env');
    expect(defaultTitle([])).toBe('');
  });
  it('asks the server for an attachment to download', () => {
    expect(downloadUrl('/api/files/download/abc')).toBe('/api/files/download/abc?download=1');
  });
});

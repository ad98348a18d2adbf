import { describe, expect, it } from 'vitest';
import { fitWithin, isShrinkablePhoto, jpegName, shrinkPhoto } from './shrink';

describe('document photos', () => {
  it('fits a phone photo within 2000 px on its longest side, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(1200, 900)).toEqual({ width: 1200, height: 900 });
  });

  it('redraws JPEG, PNG and WebP photos only, as .jpg', () => {
    expect(isShrinkablePhoto({ type: 'image/jpeg' })).toBe(true);
    expect(isShrinkablePhoto({ type: 'image/png' })).toBe(true);
    expect(isShrinkablePhoto({ type: 'application/pdf' })).toBe(false);
    expect(isShrinkablePhoto({ type: 'image/gif' })).toBe(false);
    expect(jpegName('IMG_2024.png')).toBe('IMG_2024.jpg');
    expect(jpegName('scan')).toBe('scan.jpg');
  });

  it('keeps a PDF as it is', async () => {
    const pdf = new File(['%PDF-1.7'], 'plaint.pdf', { type: 'application/pdf' });
    expect(await shrinkPhoto(pdf)).toBe(pdf);
  });
});

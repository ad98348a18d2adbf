/** The longest side a document photo keeps: a page stays legible, the upload stays small. */
export const MAX_PHOTO_SIDE = 2000;
export const PHOTO_QUALITY = 0.85;

/** The size an image of w x h is drawn at so that neither side exceeds max (never enlarged). */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Photos a browser can decode and a JPEG can carry; a GIF (animation) or SVG stays as it is. */
export function isShrinkablePhoto(file: Pick<File, 'type'>): boolean {
  return ['image/jpeg', 'image/png', 'image/webp'].includes(file.type);
}

/** 'IMG_2024.png' becomes 'IMG_2024.jpg'. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/**
 * A phone's photo of a document (often 4000 px and 5 MB) redrawn at most 2000 px on its longest
 * side as a JPEG of quality 0.85, before it is encrypted and sent over a slow network. Anything
 * else, a photo already small, or one the browser cannot redraw is kept as it is; so is a
 * redrawn photo that came out no smaller.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!isShrinkablePhoto(file) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    if (size.width === bitmap.width && size.height === bitmap.height && file.type === 'image/jpeg') return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    // A PNG's transparent parts turn white on paper, not black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY);
    });
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

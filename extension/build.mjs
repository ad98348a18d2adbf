// Builds the unpacked extension into dist/: the popup and options pages, the service worker (an
// ES module) and the two content scripts (each one self-contained classic script, as Chrome
// injects them), plus the manifest and icons. `make extension` zips dist/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { build } from 'vite';

const dir = (path) => fileURLToPath(new URL(path, import.meta.url));
const outDir = dir('./dist');
const shared = {
  configFile: false,
  root: dir('.'),
  logLevel: 'warn',
  resolve: { alias: { '@gen': dir('../gen/ts') } },
};

// The pages (and public/manifest.json).
await build({
  ...shared,
  base: './',
  build: {
    outDir,
    emptyOutDir: true,
    rollupOptions: { input: { popup: dir('./popup.html'), options: dir('./options.html') } },
  },
});

// The service worker and the content scripts, one file each.
for (const [entry, fileName, format] of [
  ['src/background/service-worker.ts', 'background.js', 'es'],
  ['src/portal/content.ts', 'portal.js', 'iife'],
  ['src/connect/content.ts', 'connect.js', 'iife'],
]) {
  await build({
    ...shared,
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      minify: true,
      lib: { entry: dir(entry), formats: [format], name: 'kesi', fileName: () => fileName },
    },
  });
}

// Icons: the brand colour, drawn here so that the repository holds no binary.
mkdirSync(`${outDir}/icons`, { recursive: true });
for (const size of [16, 32, 48, 128]) writeFileSync(`${outDir}/icons/${size}.png`, icon(size));

function icon(size) {
  const [r, g, b] = [0x1c, 0x5d, 0x99];
  const rows = [];
  const inset = Math.round(size * 0.28);
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      // A white "K": a stem and two arms.
      const u = x - inset;
      const v = y - inset;
      const span = size - 2 * inset;
      const stroke = Math.max(1, Math.round(size / 10));
      const inside = u >= 0 && v >= 0 && u < span && v < span;
      const stem = inside && u < stroke;
      const arm = inside && Math.abs(u - Math.abs(v - span / 2)) < stroke / 1.2 && u >= stroke;
      row.push(...(stem || arm ? [255, 255, 255, 255] : [r, g, b, 255]));
    }
    rows.push(Buffer.from(row));
  }
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + body.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 4 + body.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

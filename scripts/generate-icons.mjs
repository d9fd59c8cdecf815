// Generates the PWA icons in public/icons/ (`npm run icons`). Why a script: no image tooling
// dependency (sharp, ImageMagick, ...) is needed, only Node built-ins, and the output is
// deterministic, so re-running it yields byte-identical files.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "icons");
const NAVY = [0x1f, 0x3a, 0x5f];
const WHITE = [0xff, 0xff, 0xff];
const SS = 4; // 4x4 supersampling per pixel

// The mark: an open book on a 100x100 design grid (absolute M/L/Q/Z commands only).
// The same path data is used for the raster icons and for favicon.svg.
const MARK_PATHS = [
  "M47 31 Q33 23 19 27 L19 67 Q33 63 47 71 Z", // left page
  "M53 31 Q67 23 81 27 L81 67 Q67 63 53 71 Z", // right page
  "M13 32 L16 32 L16 70 Q34 67 50 75 Q66 67 84 70 L84 32 L87 32 L87 75 Q68 72 52 79 L48 79 Q32 72 13 75 Z", // cover
];

/** Flattens absolute M/L/Q/Z path data into polygons, each a flat [x0, y0, x1, y1, ...] array. */
function flatten(d) {
  const polys = [];
  for (const [, cmd, args] of d.matchAll(/([MLQZ])([^MLQZ]*)/g)) {
    const a = (args.match(/-?[\d.]+/g) ?? []).map(Number);
    if (cmd === "M") polys.push([]);
    const poly = polys[polys.length - 1];
    if (cmd === "M" || cmd === "L") poly.push(a[0], a[1]);
    if (cmd !== "Q") continue;
    const [x0, y0] = poly.slice(-2);
    for (let i = 1; i <= 24; i++) {
      const t = i / 24; // 24 line segments per quadratic Bezier
      const bez = (p0, p1, p2) => (1 - t) * (1 - t) * p0 + 2 * (1 - t) * t * p1 + t * t * p2;
      poly.push(bez(x0, a[0], a[2]), bez(y0, a[1], a[3]));
    }
  }
  return polys;
}

// Polygons as Float64Arrays plus bounding boxes (the box check keeps hit testing fast).
const MARK = MARK_PATHS.flatMap(flatten).map((pts) => {
  const xs = pts.filter((_, i) => i % 2 === 0);
  const ys = pts.filter((_, i) => i % 2 === 1);
  const box = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { xy: Float64Array.from(pts), box };
});

/** Even-odd point-in-polygon test against all mark polygons (design-grid coordinates). */
function inMark(x, y) {
  let inside = false;
  for (const { xy, box } of MARK) {
    if (x < box[0] || x > box[1] || y < box[2] || y > box[3]) continue;
    for (let i = 0, j = xy.length - 2; i < xy.length; j = i, i += 2) {
      const yi = xy[i + 1];
      const yj = xy[j + 1];
      if (yi > y !== yj > y && x < ((xy[j] - xy[i]) * (y - yi)) / (yj - yi) + xy[i]) inside = !inside;
    }
  }
  return inside;
}

/** Inside a rounded square of side 1 with corner radius r (unit coordinates). */
function inRoundedSquare(u, v, r) {
  const dx = Math.max(r - u, u - (1 - r), 0);
  const dy = Math.max(r - v, v - (1 - r), 0);
  return dx * dx + dy * dy <= r * r;
}

// Rasterises to straight RGBA. markScale: share of the canvas the 100-unit grid spans (centred);
// cornerRadius: 0 for full-bleed, otherwise a fraction of the side.
function render(size, { markScale, cornerRadius }) {
  const rgba = Buffer.alloc(size * size * 4);
  const gridPx = (size * markScale) / 100;
  const offset = (size - size * markScale) / 2;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let white = 0;
      let navy = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = px + (sx + 0.5) / SS;
          const y = py + (sy + 0.5) / SS;
          if (cornerRadius > 0 && !inRoundedSquare(x / size, y / size, cornerRadius)) continue;
          if (inMark((x - offset) / gridPx, (y - offset) / gridPx)) white++;
          else navy++;
        }
      }
      const covered = white + navy;
      const o = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        rgba[o + c] = covered ? Math.round((white * WHITE[c] + navy * NAVY[c]) / covered) : 0;
      }
      rgba[o + 3] = Math.round((covered * 255) / (SS * SS));
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes RGBA pixels as an 8-bit RGBA PNG (filter type 0 on every scanline). */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, no filter, no interlace
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}

// The shipped institution's logo (partners/northbridge.json): the header's mark and the favicon,
// which the build makes from the configured logo (vite-plugins/partner-config.ts).
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <title>Northbridge University</title>
  <rect width="100" height="100" rx="22" fill="#1f3a5f"/>
  <path fill="#fff" d="${MARK_PATHS.join(" ")}"/>
</svg>
`;

const ICONS = [
  { file: "icon-192.png", size: 192, markScale: 0.9, cornerRadius: 0.22 },
  { file: "icon-512.png", size: 512, markScale: 0.9, cornerRadius: 0.22 },
  { file: "maskable-512.png", size: 512, markScale: 0.8, cornerRadius: 0 }, // mark inside the 80% safe zone
  { file: "apple-touch-icon.png", size: 180, markScale: 0.9, cornerRadius: 0 }, // iOS applies its own mask
];

mkdirSync(OUT_DIR, { recursive: true });
for (const { file, size, ...opts } of ICONS) {
  writeFileSync(join(OUT_DIR, file), encodePng(size, render(size, opts)));
  console.log(`wrote public/icons/${file}`);
}
writeFileSync(join(OUT_DIR, "..", "..", "partners", "northbridge-logo.svg"), LOGO_SVG);
console.log("wrote partners/northbridge-logo.svg");

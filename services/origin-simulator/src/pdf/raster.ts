import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphInk, toFontText } from './bitmap-font';
import { encodeGrayPng } from './png';

export interface RasterOptions {
  /** Pixels per font pixel. */
  readonly scale: number;
  readonly margin: number;
  /** Ink level, 0 black .. 255 white. */
  readonly ink: number;
  readonly background: number;
}

const DEFAULTS: RasterOptions = { scale: 2, margin: 24, ink: 40, background: 250 };

/** Lines of text drawn into a grayscale PNG: a "scan" with no text layer. */
export function rasterizeLines(
  lines: readonly string[],
  width: number,
  options: Partial<RasterOptions> = {},
): Uint8Array {
  const { scale, margin, ink, background } = { ...DEFAULTS, ...options };
  const advance = (GLYPH_WIDTH + 1) * scale;
  const lineHeight = (GLYPH_HEIGHT + 4) * scale;
  const height = margin * 2 + Math.max(1, lines.length) * lineHeight;
  const pixels = new Uint8Array(width * height).fill(background);
  lines.forEach((line, row) => {
    const text = toFontText(line);
    for (let i = 0; i < text.length; i++) {
      const left = margin + i * advance;
      if (left + GLYPH_WIDTH * scale > width - margin) break;
      const top = margin + row * lineHeight;
      for (let gy = 0; gy < GLYPH_HEIGHT; gy++) {
        for (let gx = 0; gx < GLYPH_WIDTH; gx++) {
          if (!glyphInk(text.charAt(i), gx, gy)) continue;
          for (let dy = 0; dy < scale; dy++) {
            pixels.fill(
              ink,
              (top + gy * scale + dy) * width + left + gx * scale,
              (top + gy * scale + dy) * width + left + (gx + 1) * scale,
            );
          }
        }
      }
    }
  });
  return encodeGrayPng(width, height, pixels);
}

/** How many characters fit on one raster line of `width` pixels. */
export function rasterColumns(width: number, options: Partial<RasterOptions> = {}): number {
  const { scale, margin } = { ...DEFAULTS, ...options };
  return Math.floor((width - 2 * margin) / ((GLYPH_WIDTH + 1) * scale));
}

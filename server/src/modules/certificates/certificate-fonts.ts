// The fonts a certificate embeds, chosen character by character so that every name renders:
// Noto Sans (Latin, Latin Extended, Greek, Cyrillic, Vietnamese, Devanagari), Noto Sans Arabic and
// Noto Sans SC (Chinese, Japanese kana and kanji; ~100 slices of a few hundred characters each).
// The @fontsource packages ship each script as a slice with the CSS `unicode-range` it covers; we
// read those ranges once, and for each character take the slice whose range holds it and whose
// font (fontkit's `hasGlyphForCodePoint`) really has the glyph, keeping the current run's slice
// while it has the glyph, so a run of one script stays one string of one font. Only the slices a
// certificate uses are embedded, and each as a subset of the glyphs it draws.
//
// The .woff files, not the .woff2: @pdf-lib/fontkit 1.1.1 reads WOFF2 but cannot subset it (its
// TTF subsetter overruns the buffer of a WOFF2 glyph table), while WOFF subsets cleanly.
//
// What is NOT done, honestly: no shaping. pdf-lib draws glyphs left to right one by one, so
// Arabic (and Hebrew, which no font here covers) is drawn in its isolated letter forms and in
// logical order, i.e. not joined and not right to left; Devanagari conjuncts are not formed. The
// text stays correct for copying, searching and screen readers (the PDF's text is the name as
// typed). Scripts no font here covers (Korean Hangul, Thai, Hebrew, Ethiopic, …) are drawn as "?".
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export type FontWeight = 400 | 700;

interface Slice {
  file: string;
  ranges: Array<[number, number]>;
}

/** In order of preference: a character two slices claim goes to the first that has its glyph. */
const PACKAGES = ['@fontsource/noto-sans', '@fontsource/noto-sans-arabic', '@fontsource/noto-sans-sc'] as const;
/** Drawn for a character no font here covers. */
export const MISSING = '?';

const require = createRequire(import.meta.url);
const slicesByWeight = new Map<FontWeight, Slice[]>();
const fileBytes = new Map<string, Uint8Array>();
const glyphChecks = new Map<string, { hasGlyphForCodePoint(cp: number): boolean }>();

function parseRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(lo!, 16);
    return [start, hi ? parseInt(hi, 16) : start];
  });
}

/** Every slice of every package at a weight, from the packages' own CSS. */
export function fontSlices(weight: FontWeight): Slice[] {
  const known = slicesByWeight.get(weight);
  if (known) return known;
  const slices: Slice[] = [];
  for (const name of PACKAGES) {
    const dir = dirname(require.resolve(`${name}/package.json`));
    const css = readFileSync(join(dir, `${weight}.css`), 'utf8');
    for (const face of css.split('@font-face').slice(1)) {
      const file = /url\(\.\/(files\/[^)]+?)\.woff2\)/.exec(face)?.[1];
      const range = /unicode-range:\s*([^;]+);/.exec(face)?.[1];
      if (file && range) slices.push({ file: join(dir, `${file}.woff`), ranges: parseRanges(range) });
    }
  }
  slicesByWeight.set(weight, slices);
  return slices;
}

function bytesOf(file: string): Uint8Array {
  let bytes = fileBytes.get(file);
  if (!bytes) fileBytes.set(file, (bytes = readFileSync(file)));
  return bytes;
}

function hasGlyph(file: string, codePoint: number): boolean {
  let font = glyphChecks.get(file);
  if (!font) glyphChecks.set(file, (font = fontkit.create(Buffer.from(bytesOf(file))) as unknown as { hasGlyphForCodePoint(cp: number): boolean }));
  return font.hasGlyphForCodePoint(codePoint);
}

function sliceFor(codePoint: number, weight: FontWeight): string | null {
  for (const slice of fontSlices(weight)) {
    if (slice.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi) && hasGlyph(slice.file, codePoint)) return slice.file;
  }
  return null;
}

/** A piece of text drawn in one font file. */
export interface Run {
  file: string;
  text: string;
}

/** `text` cut into runs of one font each; characters no font covers become MISSING. */
export function runsOf(text: string, weight: FontWeight): Run[] {
  const runs: Run[] = [];
  const fallback = sliceFor(MISSING.codePointAt(0)!, weight)!;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const current = runs.at(-1);
    if (current && hasGlyph(current.file, cp)) {
      current.text += char;
      continue;
    }
    const file = sliceFor(cp, weight);
    const [useFile, useChar] = file ? [file, char] : [fallback, MISSING];
    if (current && current.file === useFile) current.text += useChar;
    else runs.push({ file: useFile, text: useChar });
  }
  return runs;
}

/** The fonts of one document: each slice embedded once, as a subset. */
export class DocumentFonts {
  private readonly embedded = new Map<string, Promise<PDFFont>>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(fontkit);
  }

  font(file: string): Promise<PDFFont> {
    let font = this.embedded.get(file);
    if (!font) this.embedded.set(file, (font = this.doc.embedFont(bytesOf(file), { subset: true })));
    return font;
  }
}

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
// TTF subsetter overruns the buffer of a WOFF2 glyph table). Each WOFF is unpacked once into the
// plain TrueType font it wraps (`sfntOf`): fontkit inflates a WOFF table again at every read, which
// was 90 % of a certificate's time (bench/certificates.ts).
//
// What is NOT done, honestly: no shaping, and only the simplest bidi. Each character is drawn as
// the one glyph the font's character map gives it (`unshapedFontkit` below), so Arabic is drawn in
// its isolated (unjoined) letter forms; a run of right-to-left letters is drawn reversed so it reads
// right to left (`visualOrder`: no mirrored brackets, no full Unicode bidi algorithm), and PDF
// readers give its text back in typed order. Devanagari is drawn without conjuncts or
// vowel-sign reordering, and a separate combining accent is not positioned (precomposed letters
// such as "ễ" or "ö" are single glyphs and render correctly). The PDF's text stays the name as typed,
// so copying, searching and screen readers get it right. Why not fontkit's own shaping, which
// pdf-lib calls: pdf-lib keeps only the glyphs of a layout, never their positions, and writes the
// text map from them, so shaped Vietnamese and Arabic came out with misplaced marks and a text
// layer of stray control characters, and @pdf-lib/fontkit's Indic shaper throws
// ("regeneratorRuntime is not defined"). Scripts no font here covers (Korean Hangul, Thai, Hebrew,
// Ethiopic, …) are drawn as "?".
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
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

/** The TrueType/OpenType font a WOFF 1.0 file wraps (W3C WOFF 1.0 §4–5): its tables inflated
 *  where they were compressed, its glyphs padded (`paddedGlyphs`), laid out again behind an sfnt
 *  header. */
export function sfntOf(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [4, 8, 12].map((d) => woff.readUInt32BE(at + d)) as [number, number, number];
    const stored = woff.subarray(offset, offset + compLength);
    tables.set(woff.toString('latin1', at, at + 4), compLength < origLength ? inflateSync(stored) : Buffer.from(stored));
  }
  paddedGlyphs(tables);
  const tags = [...tables.keys()].sort();
  const power = 2 ** Math.floor(Math.log2(tags.length));
  const header = Buffer.alloc(12 + 16 * tags.length);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tags.length * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    const padded = Buffer.alloc(Math.ceil(data.length / 4) * 4);
    data.copy(padded);
    let checksum = 0;
    for (let at = 0; at < padded.length; at += 4) checksum = (checksum + padded.readUInt32BE(at)) >>> 0;
    header.write(tag, 12 + i * 16, 'latin1');
    header.writeUInt32BE(checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(data.length, 24 + i * 16);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/**
 * Every glyph's record padded to a multiple of 4 bytes, with a long `loca`. @pdf-lib/fontkit's
 * subsetter copies each glyph's bytes as they are and, when the subset is small, writes a short
 * `loca` (offsets halved): a glyph of an odd length then shifts every glyph after it, and they are
 * drawn blank or broken (Noto Sans Arabic's seen and teh marbuta were). Aligned records halve exactly.
 */
function paddedGlyphs(tables: Map<string, Buffer>): void {
  const [head, maxp, loca, glyf] = ['head', 'maxp', 'loca', 'glyf'].map((tag) => tables.get(tag));
  if (!head || !maxp || !loca || !glyf) return;
  const glyphs = maxp.readUInt16BE(4);
  const long = head.readInt16BE(50) === 1;
  const at = (i: number) => (long ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
  const records: Buffer[] = [];
  const offsets = Buffer.alloc((glyphs + 1) * 4);
  let offset = 0;
  for (let i = 0; i < glyphs; i++) {
    const record = glyf.subarray(at(i), at(i + 1));
    const padded = Buffer.alloc(Math.ceil(record.length / 4) * 4);
    record.copy(padded);
    offsets.writeUInt32BE(offset, i * 4);
    records.push(padded);
    offset += padded.length;
  }
  offsets.writeUInt32BE(offset, glyphs * 4);
  head.writeInt16BE(1, 50);
  tables.set('loca', offsets);
  tables.set('glyf', Buffer.concat(records));
}

function bytesOf(file: string): Uint8Array {
  let bytes = fileBytes.get(file);
  if (!bytes) fileBytes.set(file, (bytes = sfntOf(readFileSync(file))));
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

/** Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms. */
const RTL = '\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF';
/** A run of right-to-left letters, with the spaces and marks between them. */
const RTL_RUN = new RegExp(`[${RTL}](?:[\\s${RTL}]*[${RTL}])?`, 'gu');

/** A line in the order its characters are drawn left to right: each run of right-to-left letters
 *  reversed, the rest as typed. */
export function visualOrder(line: string): string {
  return line.replace(RTL_RUN, (run) => Array.from(run).reverse().join(''));
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

type LaidOut = { glyphs: unknown[] };
type Font = { layout(text: string): LaidOut; glyphForCodePoint(codePoint: number): unknown };

/** Parsed fonts by file bytes: parsing a slice (its tables inflated) took most of a PDF's time
 *  (bench/certificates.ts), and a parsed font is only read by the documents that embed it (each
 *  makes its own subset of it). */
const parsed = new WeakMap<Uint8Array, Font>();

/** fontkit for pdf-lib with layout replaced by the character map alone: one glyph per character,
 *  carrying its code point (so the PDF's text map is exact). */
const unshapedFontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    const known = parsed.get(data);
    if (known) return known;
    const font = fontkit.create(data, postscriptName) as unknown as Font;
    font.layout = (text: string): LaidOut => ({ glyphs: Array.from(text, (char) => font.glyphForCodePoint(char.codePointAt(0)!)) });
    parsed.set(data, font);
    return font;
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

/** The fonts of one document: each slice embedded once, as a subset. */
export class DocumentFonts {
  private readonly embedded = new Map<string, Promise<PDFFont>>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(unshapedFontkit);
  }

  font(file: string): Promise<PDFFont> {
    let font = this.embedded.get(file);
    if (!font) this.embedded.set(file, (font = this.doc.embedFont(bytesOf(file), { subset: true })));
    return font;
  }
}

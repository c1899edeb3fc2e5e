// The certificate's PDF alone (certificate-pdf.ts, no server): names in many scripts are drawn with
// embedded fonts chosen per character, and read back as the same text by unpdf (an independent
// parser); a name no font covers is drawn with "?" for those letters rather than failing. The QR
// code is read back from the PDF's image and decoded (tests/helpers/qr-read.ts, not the library
// that drew it) to the certificate's own /verify/{code} address.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { runsOf, visualOrder } from '../../server/src/modules/certificates/certificate-fonts.js';
import { renderCertificatePdf } from '../../server/src/modules/certificates/certificate-pdf.js';
import { factsOf } from '../../server/src/modules/certificates/certificate-facts.js';
import { newCertificateCode } from '../../server/src/modules/certificates/certificates.service.js';
import { isCertificateCode } from '../../server/src/modules/certificates/certificates.rules.js';
import { decodeQr, imagesOf, modulesOf, qrCodesOf } from '../helpers/qr-read.js';

const CODE = '7F3K-Q9XM-2BWD-H4RT-N6PA-C8VE-Z1YJ';

function facts(name: string, club = 'Harbour Rowing Club', position = 'Coach') {
  return factsOf(name, '2026-01-01', '2026-06-30', true, [{ minutes: 150, clubId: 'c1', clubName: club, positionId: 'p1', title: position }], '2026-07-01');
}

async function textOf(bytes: Uint8Array): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text as string;
}

async function fontNames(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, obj]) => obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor') && obj.get(PDFName.of('FontFile2')))
    .map(([, obj]) => String((obj as PDFDict).get(PDFName.of('FontName'))));
}

describe('the certificate PDF', () => {
  it.each([
    ['Zoë Åström', 'NotoSans'],
    ['Дмитрий Иванов', 'NotoSans'],
    ['Γιώργος Παπαδόπουλος', 'NotoSans'],
    ['Nguyễn Thị Minh Khai', 'NotoSans'],
    ['王小明', 'NotoSansSC'],
    ['山田 太郎', 'NotoSansSC'],
    ['देवनागरी नाम', 'NotoSans'],
  ])('draws %s with embedded fonts, and its text reads back', async (name, family) => {
    const bytes = await renderCertificatePdf({ facts: facts(name, 'Клуб «Спартак»', '教练'), code: CODE, verifyUrl: `https://clubroom.example/verify/${CODE}` });
    const text = await textOf(bytes);
    expect(text).toContain(name);
    expect(text).toContain('Клуб «Спартак»');
    expect(text).toContain('教练 2.5 hours');
    expect(text).toContain(`https://clubroom.example/verify/${CODE}`);
    const fonts = await fontNames(bytes);
    expect(fonts.some((f) => f.startsWith(`/${family}`)), fonts.join(' ')).toBe(true);
  });

  it('draws Arabic right to left (unjoined: said in certificate-fonts.ts), and its text reads back as typed', async () => {
    const bytes = await renderCertificatePdf({ facts: facts('سارة أحمد'), code: CODE, verifyUrl: `https://clubroom.example/verify/${CODE}` });
    expect((await fontNames(bytes)).some((f) => f.startsWith('/NotoSansArabic'))).toBe(true);
    const line = (await textOf(bytes)).split('\n')[2]!;
    expect(line).toContain('سارة أحمد');
  });

  it('draws "?" for letters no embedded font covers (Korean Hangul) instead of failing', async () => {
    expect(runsOf('Kim 김민준', 400).map((r) => r.text).join('')).toBe('Kim ???');
    const bytes = await renderCertificatePdf({ facts: facts('Kim 김민준'), code: CODE, verifyUrl: `https://clubroom.example/verify/${CODE}` });
    expect(await textOf(bytes)).toContain('Kim ???');
  });

  it('reverses right-to-left runs only, for drawing', () => {
    expect(visualOrder('سارة أحمد')).toBe('دمحأ ةراس');
    expect(visualOrder('Sara سارة (Club)')).toBe('Sara ةراس (Club)');
    expect(visualOrder('Zoë Åström')).toBe('Zoë Åström');
  });

  it('keeps one run per font slice, so a name is a few strings, not one per letter', () => {
    expect(runsOf('Zoë Дмитрий 王小明', 400).map((r) => r.text)).toEqual(['Zoë ', 'Дмитрий ', '王', '小明']);
  });

  it('lays every line inside the margins, each figure on its row right of its text', async () => {
    const long = factsOf('Zoë Åström', '2026-01-01', '2026-06-30', true, [
      { minutes: 210, clubId: 'c1', clubName: 'Harbour Rowing Club', positionId: 'p1', title: 'Coach' },
      { minutes: 45, clubId: 'c1', clubName: 'Harbour Rowing Club', positionId: 'p2', title: 'A position whose title is long enough to need two lines before the hours column on the right' },
    ], '2026-07-01');
    const bytes = await renderCertificatePdf({ facts: long, code: CODE, verifyUrl: `https://clubroom.example/verify/${CODE}` });
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const page = await pdf.getPage(1);
    const items = (await page.getTextContent()).items as Array<{ str: string; transform: number[]; width: number }>;
    const at = (text: string) => items.find((i) => i.str === text)!;
    for (const item of items.filter((i) => i.str.trim())) {
      expect(item.transform[4]!, item.str).toBeGreaterThanOrEqual(56 - 0.5);
      expect(item.transform[4]! + item.width, item.str).toBeLessThanOrEqual(595.28 - 56 + 0.5);
      expect(item.transform[5]!, item.str).toBeGreaterThanOrEqual(56 - 0.5);
    }
    const [coach, hours] = [at('Coach'), at('3.5 hours')];
    expect(hours.transform[5]).toBeCloseTo(coach.transform[5]!, 1);
    expect(hours.transform[4]!).toBeGreaterThan(coach.transform[4]! + coach.width + 16);
    // The long title wraps; its figure stays on its first line.
    const first = items.find((i) => i.str.startsWith('A position whose title'))!;
    expect(first.str.length).toBeLessThan(95);
    expect(at('0.75 hours').transform[5]).toBeCloseTo(first.transform[5]!, 1);
  });

  it('pages a long statement and still ends with the verification block', async () => {
    const hours = Array.from({ length: 120 }, (_, i) => ({ minutes: 60 + i, clubId: `c${i % 6}`, clubName: `Club number ${i % 6}`, positionId: `p${i}`, title: `A position with a rather long title that has to wrap onto a second line, number ${i}` }));
    const long = factsOf('Zoë Åström', '2016-01-01', '2026-06-30', true, hours, '2026-07-01');
    const bytes = await renderCertificatePdf({ facts: long, code: CODE, verifyUrl: `https://clubroom.example/verify/${CODE}` });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(3);
    const text = await textOf(bytes);
    expect(text).toContain('number 119');
    expect(text.trimEnd().endsWith(`Verification code: ${CODE}`)).toBe(true);
  });
});

/** For every embedded font of the PDF: each glyph it draws (read from its ToUnicode map) against
 *  the source font's glyph for that character: the same outline (number of path commands). */
async function drawnGlyphsMatch(bytes: Uint8Array): Promise<Array<{ char: string; drawn: number; source: number }>> {
  const doc = await PDFDocument.load(bytes);
  const mismatches: Array<{ char: string; drawn: number; source: number }> = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const toUnicode = doc.context.lookup(obj.get(PDFName.of('ToUnicode'))) as PDFRawStream;
    const descendant = doc.context.lookup((doc.context.lookup(obj.get(PDFName.of('DescendantFonts'))) as PDFArray).get(0)) as PDFDict;
    const descriptor = doc.context.lookup(descendant.get(PDFName.of('FontDescriptor'))) as PDFDict;
    const program = doc.context.lookup(descriptor.get(PDFName.of('FontFile2'))) as PDFRawStream;
    const subset = fontkit.create(inflateSync(program.contents)) as unknown as { getGlyph(id: number): { path: { commands: unknown[] } } };
    const map = inflateSync(toUnicode.contents).toString('latin1');
    const name = String(descriptor.get(PDFName.of('FontName'))).replace(/^\//, '').replace(/-\d+$/, '');
    for (const [, gid, hex] of map.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/gi)) {
      const char = String.fromCodePoint(parseInt(hex!, 16));
      const drawn = subset.getGlyph(parseInt(gid!, 16)).path.commands.length;
      // The slice of that family that has the character (Latin and Latin Extended share a name).
      const source = (sourceFonts.get(name) ?? []).find((font) => font.hasGlyphForCodePoint(char.codePointAt(0)!));
      expect(source, `${name} ${char}`).toBeDefined();
      const expected = source!.glyphForCodePoint(char.codePointAt(0)!).path.commands.length;
      if (drawn !== expected) mismatches.push({ char, drawn, source: expected });
    }
  }
  return mismatches;
}

type SourceFont = { postscriptName: string; hasGlyphForCodePoint(cp: number): boolean; glyphForCodePoint(cp: number): { path: { commands: unknown[] } } };
/** The fonts as shipped (read by fontkit from the .woff itself), by PostScript name. */
const sourceFonts = new Map<string, SourceFont[]>();
for (const file of ['noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal', 'noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal', 'noto-sans/files/noto-sans-latin-700-normal', 'noto-sans/files/noto-sans-latin-400-normal', 'noto-sans/files/noto-sans-latin-ext-400-normal', 'noto-sans/files/noto-sans-latin-ext-700-normal']) {
  const font = fontkit.create(readFileSync(new URL(`../../node_modules/@fontsource/${file}.woff`, import.meta.url))) as unknown as SourceFont;
  sourceFonts.set(font.postscriptName, [...(sourceFonts.get(font.postscriptName) ?? []), font]);
}

describe('the embedded glyphs', () => {
  it('are the fonts’ own outlines for every character drawn (a subset with short offsets once blanked some)', async () => {
    const bytes = await renderCertificatePdf({ facts: facts('سارة أحمد', 'Łódź Fencing Society', 'Timekeeper'), code: CODE, verifyUrl: `https://clubroom.example/verify/${CODE}` });
    expect(await drawnGlyphsMatch(bytes)).toEqual([]);
  });
});

describe('the QR code', () => {
  it('is the one image of the certificate and decodes to its /verify/{code} address', async () => {
    const url = `https://clubroom.example/verify/${CODE}`;
    const bytes = await renderCertificatePdf({ facts: facts('Zoë Åström'), code: CODE, verifyUrl: url });
    const codes = await qrCodesOf(bytes);
    expect(codes).toHaveLength(1);
    expect(codes[0]!.page).toBe(0);
    expect(codes[0]!.content.text).toBe(url);
    expect(codes[0]!.content.level).toBe('M');
  });

  it('follows the code and the address it is given (another code, another origin)', async () => {
    const code = newCertificateCode();
    const url = `https://volunteer.example.org:8443/verify/${code}`;
    const bytes = await renderCertificatePdf({ facts: facts('王小明'), code, verifyUrl: url });
    const [only] = await qrCodesOf(bytes);
    expect(only!.content.text).toBe(url);
    expect(only!.content.text).not.toContain(CODE);
  });

  it('is on the last page of a long statement, the page the verification block ends', async () => {
    const hours = Array.from({ length: 120 }, (_, i) => ({ minutes: 60 + i, clubId: `c${i % 6}`, clubName: `Club number ${i % 6}`, positionId: `p${i}`, title: `Position ${i}` }));
    const long = factsOf('Zoë Åström', '2016-01-01', '2026-06-30', true, hours, '2026-07-01');
    const url = `https://clubroom.example/verify/${CODE}`;
    const bytes = await renderCertificatePdf({ facts: long, code: CODE, verifyUrl: url });
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    expect(await qrCodesOf(bytes)).toEqual([{ page: pages - 1, content: expect.objectContaining({ text: url }) }]);
  });

  it('is read strictly: one module changed in the drawn code fails the check rather than decoding', async () => {
    const bytes = await renderCertificatePdf({ facts: facts('Zoë Åström'), code: CODE, verifyUrl: `https://clubroom.example/verify/${CODE}` });
    const grid = modulesOf((await imagesOf(bytes))[0]!);
    expect(decodeQr(grid).text).toBe(`https://clubroom.example/verify/${CODE}`);
    // A data module in the bottom-right corner (the first codeword read).
    grid[grid.length - 1]![grid.length - 1] = !grid[grid.length - 1]![grid.length - 1];
    expect(() => decodeQr(grid)).toThrow(/Reed–Solomon/);
  });
});

describe('verification codes', () => {
  it('are 28 Crockford base32 characters in seven groups, different every time', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newCertificateCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(isCertificateCode(code), code).toBe(true);
    // Every character of the alphabet turns up (no bias left a letter out).
    expect(new Set([...codes].join('').replace(/-/g, '')).size).toBe(32);
  });
});

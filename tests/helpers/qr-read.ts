// Reads the QR code a certificate PDF draws, without the library that wrote it: the image XObject's
// pixels are taken from the PDF (pdf-lib parses the file; zlib inflates the stream), the module grid
// is sampled from them, and the symbol is decoded here by the rules of ISO/IEC 18004 (format
// information checked by its BCH code, function patterns skipped, the mask undone, the codewords read
// in the zigzag, the blocks de-interleaved, each block checked by Reed–Solomon, then the numeric,
// alphanumeric and byte segments read). No error correction: a certificate's QR code is drawn, not
// photographed, so every module must be right, and any wrong one fails the Reed–Solomon check.
import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';

export interface PdfImage {
  page: number;
  width: number;
  height: number;
  /** 8-bit grey, one byte a pixel (RGB averaged). */
  grey: Uint8Array;
}

/** Every image XObject a page of the PDF uses (DeviceRGB or DeviceGray, 8 bits, FlateDecode). */
export async function imagesOf(bytes: Uint8Array): Promise<PdfImage[]> {
  const doc = await PDFDocument.load(bytes);
  const images: PdfImage[] = [];
  doc.getPages().forEach((page, index) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xobjects?.entries() ?? []) {
      const stream = doc.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      const num = (key: string) => (stream.dict.lookup(PDFName.of(key), PDFNumber) as PDFNumber).asNumber();
      const [width, height, bits] = [num('Width'), num('Height'), num('BitsPerComponent')];
      const space = stream.dict.get(PDFName.of('ColorSpace'));
      const channels = space === PDFName.of('DeviceRGB') ? 3 : space === PDFName.of('DeviceGray') ? 1 : 0;
      if (bits !== 8 || channels === 0 || stream.dict.get(PDFName.of('Filter')) !== PDFName.of('FlateDecode')) throw new Error(`an image this reader does not handle: ${stream.dict.toString()}`);
      const raw = inflateSync(stream.contents);
      if (raw.length < width * height * channels) throw new Error(`image data short: ${raw.length} bytes for ${width}×${height}×${channels}`);
      const grey = new Uint8Array(width * height);
      for (let p = 0; p < width * height; p++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += raw[p * channels + c]!;
        grey[p] = Math.round(sum / channels);
      }
      images.push({ page: index, width, height, grey });
    }
  });
  return images;
}

/** The module grid of a QR image drawn with square modules and a light quiet zone: true is dark. */
export function modulesOf(image: PdfImage): boolean[][] {
  const dark = (x: number, y: number) => image.grey[y * image.width + x]! < 128;
  // The top-left finder's top edge: the first dark pixel, and its run (7 modules) gives the scale.
  let x0 = -1;
  let y0 = -1;
  for (let y = 0; y < image.height && y0 < 0; y++) {
    for (let x = 0; x < image.width; x++) {
      if (dark(x, y)) {
        [x0, y0] = [x, y];
        break;
      }
    }
  }
  if (x0 < 0) throw new Error('no dark pixel: not a QR code');
  let run = 0;
  while (x0 + run < image.width && dark(x0 + run, y0)) run++;
  const scale = run / 7;
  const size = Math.round((image.width - 2 * x0) / scale);
  if (!Number.isInteger(scale) || (size - 17) % 4 !== 0 || size < 21) throw new Error(`not a QR grid: finder run ${run} px, ${size} modules`);
  return Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c) => dark(x0 + c * scale + Math.floor(scale / 2), y0 + r * scale + Math.floor(scale / 2))),
  );
}

// Error-correction blocks (number of blocks, EC codewords in all) by level, versions 1–10 (ISO/IEC
// 18004 table 9): enough for an address of up to about 200 characters.
const EC_BLOCKS: Record<'L' | 'M' | 'Q' | 'H', Array<[number, number]>> = {
  L: [[1, 7], [1, 10], [1, 15], [1, 20], [1, 26], [2, 36], [2, 40], [2, 48], [2, 60], [4, 72]],
  M: [[1, 10], [1, 16], [1, 26], [2, 36], [2, 48], [4, 64], [4, 72], [4, 88], [5, 110], [5, 130]],
  Q: [[1, 13], [1, 22], [2, 36], [2, 52], [4, 72], [4, 96], [6, 108], [6, 132], [8, 160], [8, 192]],
  H: [[1, 17], [1, 28], [2, 44], [4, 64], [4, 88], [4, 112], [5, 130], [6, 156], [8, 192], [8, 224]],
};
const LEVELS = ['M', 'L', 'H', 'Q'] as const; // by the two level bits of the format information
const MASKS: Array<(r: number, c: number) => boolean> = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r * c) % 3) + ((r + c) % 2)) % 2 === 0,
];

function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const size = 17 + 4 * version;
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const centres = [size - 7];
  for (let i = 1; i < count - 1; i++) centres.push(centres[i - 1]! - step);
  centres.push(6);
  return centres.reverse();
}

/** The function patterns (finders, separators, format and version information, timing, alignment). */
function reservedOf(size: number, version: number): boolean[][] {
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (r0: number, c0: number, rows: number, cols: number) => {
    for (let r = r0; r < r0 + rows; r++) for (let c = c0; c < c0 + cols; c++) reserved[r]![c] = true;
  };
  mark(0, 0, 9, 9);
  mark(0, size - 8, 9, 8);
  mark(size - 8, 0, 8, 9);
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = alignmentCentres(version);
  for (const r of centres) {
    for (const c of centres) {
      const onFinder = (r === 6 && c === 6) || (r === 6 && c === size - 7) || (r === size - 7 && c === 6);
      if (!onFinder) mark(r - 2, c - 2, 5, 5);
    }
  }
  if (version >= 7) {
    mark(0, size - 11, 6, 3);
    mark(size - 11, 0, 3, 6);
  }
  return reserved;
}

/** BCH(15,5) remainder with the generator 10100110111. */
function bchFormat(data: number): number {
  let d = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (d & (1 << bit)) d ^= 0x537 << (bit - 10);
  return d;
}

// GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1, for the Reed–Solomon check.
const EXP = new Array<number>(512);
const LOG = new Array<number>(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);

/** The Reed–Solomon EC codewords of `data` (the remainder of data·x^n by the generator of degree n). */
function reedSolomon(data: number[], n: number): number[] {
  let generator = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(generator.length + 1).fill(0);
    generator.forEach((g, j) => {
      next[j] ^= g;
      next[j + 1] ^= mul(g, EXP[i]!);
    });
    generator = next;
  }
  const remainder = [...data, ...new Array<number>(n).fill(0)];
  for (let i = 0; i < data.length; i++) {
    const factor = remainder[i]!;
    if (factor !== 0) generator.forEach((g, j) => (remainder[i + j] ^= mul(g, factor)));
  }
  return remainder.slice(data.length);
}

export interface QrContent {
  version: number;
  level: 'L' | 'M' | 'Q' | 'H';
  mask: number;
  text: string;
}

/** Decodes a module grid; throws when anything in it is inconsistent. */
export function decodeQr(grid: boolean[][]): QrContent {
  const size = grid.length;
  const version = (size - 17) / 4;
  if (version > 10) throw new Error(`version ${version}: this reader stops at 10`);
  const at = (r: number, c: number) => (grid[r]![c] ? 1 : 0);

  // Format information, both copies: bits 0–7 down column 8 then 8–14 near the bottom, and across row 8.
  let down = 0;
  let across = 0;
  for (let i = 0; i < 15; i++) {
    down |= at(i < 6 ? i : i < 8 ? i + 1 : size - 15 + i, 8) << i;
    across |= at(8, i < 8 ? size - i - 1 : i < 9 ? 15 - i : 14 - i) << i;
  }
  if (down !== across) throw new Error(`the two copies of the format information differ: ${down} ${across}`);
  const format = down ^ 0x5412;
  if (bchFormat(format >> 10) !== (format & 0x3ff)) throw new Error(`format information fails its BCH check: ${format.toString(2)}`);
  const level = LEVELS[format >> 13]!;
  const mask = (format >> 10) & 7;
  if (at(size - 8, 8) !== 1) throw new Error('the dark module is light');

  // The codewords, in the zigzag from the bottom right, two columns at a time, unmasked.
  const reserved = reservedOf(size, version);
  const bits: number[] = [];
  let up = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let k = 0; k < size; k++) {
      const r = up ? size - 1 - k : k;
      for (const c of [right, right - 1]) {
        if (!reserved[r]![c]) bits.push(at(r, c) ^ (MASKS[mask]!(r, c) ? 1 : 0));
      }
    }
    up = !up;
  }
  const total = Math.floor(bits.length / 8);
  const codewords = Array.from({ length: total }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((v, b) => (v << 1) | b, 0));

  // De-interleave the blocks (the longer ones last), and check each one's Reed–Solomon codewords.
  const [blocks, ecTotal] = EC_BLOCKS[level][version - 1]!;
  const ecEach = ecTotal / blocks;
  const dataTotal = total - ecTotal;
  const longer = dataTotal % blocks;
  const shortLength = Math.floor(dataTotal / blocks);
  const lengths = Array.from({ length: blocks }, (_, b) => shortLength + (b >= blocks - longer ? 1 : 0));
  const data: number[][] = lengths.map(() => []);
  const ec: number[][] = lengths.map(() => []);
  let next = 0;
  for (let i = 0; i <= shortLength; i++) for (let b = 0; b < blocks; b++) if (i < lengths[b]!) data[b]!.push(codewords[next++]!);
  for (let i = 0; i < ecEach; i++) for (let b = 0; b < blocks; b++) ec[b]!.push(codewords[next++]!);
  data.forEach((block, b) => {
    if (reedSolomon(block, ecEach).join() !== ec[b]!.join()) throw new Error(`block ${b} fails its Reed–Solomon check`);
  });

  // The segments.
  const stream = data.flat().flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (byte >> i) & 1));
  let pos = 0;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | (stream[pos++] ?? 0);
    return v;
  };
  const wide = version >= 10; // longer character counts from version 10
  const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
  const bytes: number[] = [];
  while (stream.length - pos >= 4) {
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 0b0001) {
      let count = read(wide ? 12 : 10);
      for (; count >= 3; count -= 3) bytes.push(...Buffer.from(String(read(10)).padStart(3, '0')));
      if (count === 2) bytes.push(...Buffer.from(String(read(7)).padStart(2, '0')));
      if (count === 1) bytes.push(...Buffer.from(String(read(4))));
    } else if (mode === 0b0010) {
      let count = read(wide ? 11 : 9);
      for (; count >= 2; count -= 2) {
        const pair = read(11);
        bytes.push(ALNUM.charCodeAt(Math.floor(pair / 45)), ALNUM.charCodeAt(pair % 45));
      }
      if (count === 1) bytes.push(ALNUM.charCodeAt(read(6)));
    } else if (mode === 0b0100) {
      const count = read(wide ? 16 : 8);
      for (let i = 0; i < count; i++) bytes.push(read(8));
    } else throw new Error(`segment mode ${mode.toString(2)} not read here`);
  }
  return { version, level, mask, text: new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes)) };
}

/** The text of every QR code image in the PDF, by page. */
export async function qrCodesOf(pdf: Uint8Array): Promise<Array<{ page: number; content: QrContent }>> {
  return (await imagesOf(pdf)).map((image) => ({ page: image.page, content: decodeQr(modulesOf(image)) }));
}

// The certificate as a PDF (pdf-lib): its title, the volunteer's name, the period, each club with
// its positions and hours, the total, the issue date, and how to verify it (the address, the code
// and a QR code of the address). A pure function of the facts, so the benchmark times it alone
// (bench/certificates.ts). Fonts: certificate-fonts.ts (what renders and what is not shaped).
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { DocumentFonts, runsOf, visualOrder, type FontWeight } from './certificate-fonts.js';
import { formatCertificateDay, formatHours } from './certificates.rules.js';
import type { CertificateFacts } from './certificates.types.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.33, 0.36, 0.42);
const RULE = rgb(0.8, 0.82, 0.86);
const QR_SIZE = 96;
/** The verification block's height: it is never split across pages. */
const FOOTER = QR_SIZE + 40;

interface Style {
  size: number;
  weight?: FontWeight;
  color?: ReturnType<typeof rgb>;
}

/** Lays text out top to bottom over as many pages as it needs. */
class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: DocumentFonts,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  get current(): PDFPage {
    return this.page;
  }

  get cursor(): number {
    return this.y;
  }

  private async pieces(text: string, style: Style): Promise<Array<{ font: PDFFont; text: string; width: number }>> {
    return Promise.all(
      runsOf(text, style.weight ?? 400).map(async (run) => {
        const font = await this.fonts.font(run.file);
        return { font, text: run.text, width: font.widthOfTextAtSize(run.text, style.size) };
      }),
    );
  }

  async width(text: string, style: Style): Promise<number> {
    return (await this.pieces(text, style)).reduce((sum, p) => sum + p.width, 0);
  }

  /** Draws one line at x on the current line (or the line `on` names), without wrapping. */
  async drawAt(text: string, x: number, style: Style, on: { page: PDFPage; y: number } = { page: this.page, y: this.y }): Promise<void> {
    let at = x;
    for (const piece of await this.pieces(visualOrder(text), style)) {
      on.page.drawText(piece.text, { x: at, y: on.y - style.size, size: style.size, font: piece.font, color: style.color ?? INK });
      at += piece.width;
    }
  }

  /** Makes room for `height` points, starting a new page when this one is full. */
  room(height: number): void {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage([A4.width, A4.height]);
      this.y = A4.height - MARGIN;
    }
  }

  /** Words wrapped to `maxWidth`, each line `size * 1.35` apart; then `after` points more. */
  async paragraph(text: string, style: Style, options: { x?: number; maxWidth?: number; after?: number } = {}): Promise<void> {
    const x = options.x ?? MARGIN;
    const maxWidth = options.maxWidth ?? A4.width - MARGIN - x;
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/(\s+)/).filter((w) => w.length > 0)) {
      const tried = line + word;
      if (line.trim() && (await this.width(tried.trimEnd(), style)) > maxWidth) {
        lines.push(line.trimEnd());
        line = word.trimStart();
      } else line = tried;
    }
    if (line.trim()) lines.push(line.trimEnd());
    for (const l of lines) {
      this.room(style.size * 1.35);
      await this.drawAt(l, x, style);
      this.y -= style.size * 1.35;
    }
    this.y -= options.after ?? 0;
  }

  /** A row: text on the left (wrapped before the right column), a figure on the right. */
  async row(left: string, right: string, style: Style, indent = 0): Promise<void> {
    const rightWidth = await this.width(right, style);
    this.room(style.size * 1.35);
    // The left text first, then the figure on its first line: text extraction reads them in order.
    const first = { page: this.page, y: this.y };
    await this.paragraph(left, style, { x: MARGIN + indent, maxWidth: A4.width - 2 * MARGIN - indent - rightWidth - 16 });
    await this.drawAt(right, A4.width - MARGIN - rightWidth, style, first);
  }

  rule(after = 8): void {
    this.room(after);
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.75, color: RULE });
    this.y -= after;
  }

  gap(points: number): void {
    this.y -= points;
  }
}

export interface CertificatePdfInput {
  facts: CertificateFacts;
  code: string;
  /** `${APP_URL}/verify/<code>`. */
  verifyUrl: string;
}

/** The certificate's PDF bytes. */
export async function renderCertificatePdf({ facts, code, verifyUrl }: CertificatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = 'Certificate of volunteering';
  doc.setTitle(`${title}: ${facts.name}`);
  doc.setSubject(`Approved volunteer hours, ${facts.from} to ${facts.to}. Verify at ${verifyUrl}`);
  doc.setProducer('Clubroom');
  doc.setCreator('Clubroom');
  doc.setCreationDate(new Date(`${facts.issuedOn}T00:00:00Z`));
  doc.setModificationDate(new Date(`${facts.issuedOn}T00:00:00Z`));
  const fonts = new DocumentFonts(doc);
  const w = new Writer(doc, fonts);

  await w.paragraph(title, { size: 24, weight: 700 }, { after: 10 });
  await w.paragraph('This certifies that', { size: 12, color: MUTED }, { after: 2 });
  await w.paragraph(facts.name, { size: 20, weight: 700 }, { after: 6 });
  const where = facts.allClubs ? 'with the clubs below' : `with ${facts.clubs[0]?.name ?? 'the club below'}`;
  await w.paragraph(
    `gave ${formatHours(facts.totalMinutes)} of volunteering ${where}, approved by the clubs, between ${formatCertificateDay(facts.from)} and ${formatCertificateDay(facts.to)}.`,
    { size: 12 },
    { after: 14 },
  );

  for (const club of facts.clubs) {
    w.room(60);
    await w.row(club.name, formatHours(club.minutes), { size: 14, weight: 700 });
    w.gap(2);
    for (const position of club.positions) await w.row(position.title, formatHours(position.minutes), { size: 11, color: MUTED }, 14);
    w.gap(10);
  }
  w.rule(10);
  await w.row('Total', formatHours(facts.totalMinutes), { size: 14, weight: 700 });
  w.gap(8);
  await w.paragraph(`Period: ${formatCertificateDay(facts.from)} to ${formatCertificateDay(facts.to)}`, { size: 11, color: MUTED });
  await w.paragraph(`Issued on ${formatCertificateDay(facts.issuedOn)} by Clubroom`, { size: 11, color: MUTED }, { after: 16 });

  // The verification block: the QR code of the address beside the address and the code.
  w.room(FOOTER);
  const png = await QRCode.toBuffer(verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
  const qr = await doc.embedPng(png);
  const top = w.cursor;
  w.current.drawImage(qr, { x: MARGIN, y: top - QR_SIZE, width: QR_SIZE, height: QR_SIZE });
  const textX = MARGIN + QR_SIZE + 16;
  const textWidth = A4.width - MARGIN - textX;
  await w.paragraph('Verify this certificate', { size: 12, weight: 700 }, { x: textX, maxWidth: textWidth, after: 2 });
  await w.paragraph(`Scan the code or open ${verifyUrl}`, { size: 10, color: MUTED }, { x: textX, maxWidth: textWidth, after: 4 });
  await w.paragraph(`Verification code: ${code}`, { size: 11 }, { x: textX, maxWidth: textWidth });
  return doc.save();
}

// The files of exports (the administration area's, a club's volunteer hours): XLSX (exceljs's streaming writer), CSV
// (csv-stringify, RFC 4180) and JSON, each written as a stream from batches of rows, so that a
// download holds one batch in memory however many rows it has, and waits for a slow reader
// instead of buffering for it.
import { once } from 'node:events';
import { PassThrough, Readable, pipeline, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';

export const EXPORT_FORMATS = ['xlsx', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** One cell of a spreadsheet row: text, a number, an instant, or empty. */
export type Cell = string | number | Date | null;

export interface SheetColumn {
  header: string;
  /** Width in characters in the spreadsheet. */
  width?: number;
  /** 'date': an instant, shown as a UTC date and time (its header says '(UTC)'). Text wraps in
   *  every column, so a long one is given a wide column rather than a kind. */
  kind?: 'date';
}

/** One table: its columns and its rows, batch by batch (one worksheet, or one CSV section). */
export interface Sheet {
  name: string;
  columns: SheetColumn[];
  batches: AsyncIterable<Cell[][]>;
}

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** The most characters one spreadsheet cell holds. */
const XLSX_CELL_MAX = 32_767;
/** Characters XML 1.0 cannot carry: a cell holding one would make the workbook unreadable. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Formula injection (OWASP "CSV injection"): a spreadsheet reads a cell that starts with =, +, -
 * or @ (or their full-width forms ＝ ＋ － ＠, which some applications fold into them), a tab or a
 * carriage return as a formula: at once when it opens a CSV, and in an .xlsx as soon as someone
 * re-edits the cell. Club names, notes, reasons, names and emails are typed by members, so every
 * text cell of every file (csv and xlsx alike) goes through this one rule: such a text gets a
 * single quote (') in front and reads as text ('+44 …' is written "'+44 …"). Numbers and dates
 * are values, not text, and are left alone (a negative number stays a number).
 */
export function neutraliseFormula(text: string): string {
  return STARTS_A_FORMULA.test(text) ? `'${text}` : text;
}
const STARTS_A_FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as both writers put it: text neutralised, anything else as it is. */
const sheetCell = (value: Cell): Cell => (typeof value === 'string' ? neutraliseFormula(value) : value);

function xlsxCell(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  // Stripped first, so that a control character cannot hide a formula behind it.
  const text = sheetCell(value.replace(NOT_XML, '')) as string;
  return text.length > XLSX_CELL_MAX ? text.slice(0, XLSX_CELL_MAX) : text;
}

// ---- layout: widths, wrapping and row heights -------------------------------------------------------
//
// Text wraps at the top of its cell, and each row is given the height its longest text needs:
// LibreOffice keeps a row without a height at the default one line, so wrapped text would print
// over the rows below (Excel fits some rows on opening, LibreOffice does not). The height is an
// estimate from the text and the column's width (in widths of a digit of the default font,
// Calibri 11, whose lines are 15 points apart), erring on the tall side.

/** Points between two lines of the default font (Excel's default row height). */
const LINE_HEIGHT = 15;
/** The tallest row Excel allows (409 points, about 27 lines): a longer text scrolls in its cell. */
const ROW_HEIGHT_MAX = 409;
const LINES_MAX = Math.ceil(ROW_HEIGHT_MAX / LINE_HEIGHT);
const DEFAULT_WIDTH = 16;
const FONT = { name: 'Calibri', size: 11, family: 2 } as const;

/** A column wide enough for its values and for its bold header on one line. */
const columnWidth = (c: SheetColumn) => Math.max(c.width ?? DEFAULT_WIDTH, Math.ceil(c.header.length * 1.2) + 2);

/** Narrow characters of the default font (about 0.6 of a digit): space . , ; : ' ! | i j l f t r I ( ) [ ]. */
const NARROW = new Set([...' .,;:\'!|ijlftrI()[]'].map((c) => c.charCodeAt(0)));
const WIDE_LATIN = new Set([...'MWmw@%'].map((c) => c.charCodeAt(0)));

/** How wide a character (a UTF-16 code unit) is, in digit widths: wide scripts and full-width
 *  forms two (each half of a surrogate pair one), capitals 1.2, small letters 0.9. */
function charWidth(code: number): number {
  if (NARROW.has(code)) return 0.6;
  if (WIDE_LATIN.has(code)) return 1.5;
  if (code >= 0x41 && code <= 0x5a) return 1.2;
  if (code >= 0x61 && code <= 0x7a) return 0.9;
  if (code >= 0xd800 && code <= 0xdfff) return 1;
  if ((code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6)) return 2;
  return 1;
}

/** The lines a text takes wrapped by words in a column `width` digits wide (a word longer than a
 *  line is broken, as spreadsheets break it), counted up to `most`. */
export function wrappedLines(text: string, width: number, most = Infinity): number {
  const room = Math.max(1, width - 1.5);
  const space = charWidth(0x20);
  let lines = 1;
  let used = 0;
  let word = 0;
  const endWord = () => {
    if (word === 0) return;
    const needed = used === 0 ? word : used + space + word;
    if (needed <= room) used = needed;
    else {
      if (used > 0) lines++;
      // A word longer than a line runs on over as many lines as it fills.
      const over = Math.ceil(word / room) - 1;
      lines += over;
      used = word - over * room;
    }
    word = 0;
  };
  for (let i = 0; i < text.length && lines < most; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) {
      endWord();
      if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
      lines++;
      used = 0;
    } else if (code === 0x20) {
      if (word === 0 && used > 0) used += space;
      endWord();
    } else word += charWidth(code);
  }
  endWord();
  return Math.min(lines, most);
}

/** The height a row needs for its texts, or undefined for one line (the default height). */
function rowHeight(cells: Cell[], widths: number[]): number | undefined {
  let lines = 1;
  cells.forEach((value, i) => {
    if (typeof value === 'string' && value.length > 0) lines = Math.max(lines, wrappedLines(value, widths[i] ?? DEFAULT_WIDTH, LINES_MAX));
  });
  return lines > 1 ? Math.min(ROW_HEIGHT_MAX, lines * LINE_HEIGHT) : undefined;
}

/**
 * A workbook with one worksheet per sheet, streamed: the header row bold and frozen, every column
 * wide enough for its header, text wrapped at the top of its cell, each row as tall as its text,
 * instants shown as UTC date and time. Every text is neutralised (neutraliseFormula), exactly as
 * in the CSV.
 */
export function xlsxFile(sheets: Sheet[]): Readable {
  const output = new PassThrough();
  // The reader gone (download cancelled) stops the writer, and with it the database reads.
  const stop = new AbortController();
  output.once('close', () => stop.abort());
  writeWorkbook(output, sheets, stop.signal).catch((err: unknown) => output.destroy(err instanceof Error ? err : new Error(String(err))));
  return output;
}

async function writeWorkbook(output: PassThrough, sheets: Sheet[], signal: AbortSignal): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const widths = sheet.columns.map(columnWidth);
    worksheet.columns = sheet.columns.map((c, i) => ({
      key: `c${i}`,
      header: sheetCell(c.header) as string,
      width: widths[i],
      style:
        c.kind === 'date'
          ? { font: FONT, numFmt: DATE_FORMAT, alignment: { vertical: 'top' } }
          : { font: FONT, alignment: { wrapText: true, vertical: 'top' } },
    }));
    const header = worksheet.getRow(1);
    header.font = { ...FONT, bold: true };
    header.alignment = { vertical: 'top' };
    header.commit();
    for await (const batch of sheet.batches) {
      for (const cells of batch) {
        const values = cells.map(xlsxCell);
        const row = worksheet.addRow(values);
        const height = rowHeight(values, widths);
        if (height) row.height = height;
        row.commit();
      }
      await sheetDrained(worksheet, output, signal);
    }
    worksheet.commit();
  }
  await workbook.commit();
}

/**
 * Waits until the rows written so far have moved on towards the reader. exceljs 4.4 hands each
 * worksheet's XML to its zip entry without looking at write()'s answer (its internal StreamBuf), so
 * without this wait a slow download would pile the whole sheet up in memory. The entry's stream
 * only drains as the zip (archiver, which buffers up to 1 MB), `output` and the socket behind it
 * take data, so waiting on it is backpressure from the reader all the way back to the database
 * reads. The entry's stream comes from archiver's bundled readable-stream 3, which has no
 * `writableNeedDrain`: its state says the same.
 */
async function sheetDrained(worksheet: ExcelJS.Worksheet, output: Writable, signal: AbortSignal): Promise<void> {
  const entry = (worksheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
  for (const stream of [...entry, output]) {
    if (needsDrain(stream)) await once(stream, 'drain', { signal });
  }
  signal.throwIfAborted();
}

const needsDrain = (stream: Writable & { _writableState?: { needDrain?: boolean } }) => stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/**
 * CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line break), UTF-8
 * with a byte order mark so that spreadsheet applications read accents right. One sheet is a plain
 * table with a header row; several are sections: the sheet's name, its header row, its rows, and
 * an empty line between sections. Every text is neutralised (neutraliseFormula), exactly as in
 * the xlsx; instants are ISO 8601 in UTC.
 */
export function csvFile(sheets: Sheet[]): Readable {
  const stringifier = stringify({
    bom: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    cast: { date: (d: Date) => d.toISOString() },
  });
  const records = Readable.from(csvRecords(sheets), { objectMode: true });
  // The reader gone destroys the stringifier, and pipeline then ends the row generator.
  return pipeline(records, stringifier, () => {});
}

async function* csvRecords(sheets: Sheet[]): AsyncGenerator<Cell[]> {
  const sections = sheets.length > 1;
  for (const [i, sheet] of sheets.entries()) {
    if (sections) {
      if (i > 0) yield [];
      yield [sheetCell(sheet.name)];
    }
    yield sheet.columns.map((c) => sheetCell(c.header));
    for await (const batch of sheet.batches) for (const cells of batch) yield cells.map(sheetCell);
  }
}

/** A JSON array of `items`, written a batch at a time. */
export function jsonArrayFile(batches: AsyncIterable<unknown[]>): Readable {
  async function* text(): AsyncGenerator<string> {
    let first = true;
    yield '[';
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield `${first ? '\n' : ',\n'}${batch.map((item) => JSON.stringify(item)).join(',\n')}`;
      first = false;
    }
    yield first ? ']\n' : '\n]\n';
  }
  return Readable.from(text(), { objectMode: false });
}

/** A JSON document (small: the statistics). */
export function jsonDocumentFile(value: unknown): Readable {
  return Readable.from([`${JSON.stringify(value, null, 2)}\n`], { objectMode: false });
}

/** Batches of `items` mapped one by one. */
export async function* mapBatches<T, U>(batches: AsyncIterable<T[]>, map: (item: T) => U): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(map);
}

/** One batch, for a sheet whose rows are already in memory. */
export async function* oneBatch<T>(items: T[]): AsyncGenerator<T[]> {
  yield items;
}

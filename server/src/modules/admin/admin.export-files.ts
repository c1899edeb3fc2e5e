// The files of the administration area's exports: XLSX (exceljs's streaming writer), CSV
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
  /** 'date': an instant shown as a UTC date and time; 'wrap': long text, wrapped. */
  kind?: 'date' | 'wrap';
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

function xlsxCell(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  const clean = value.replace(NOT_XML, '');
  return clean.length > XLSX_CELL_MAX ? clean.slice(0, XLSX_CELL_MAX) : clean;
}

/**
 * A workbook with one worksheet per sheet (header row bold and frozen), streamed. exceljs writes
 * string cells as text, never as formulas, so XLSX needs no guard against formula injection.
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
    worksheet.columns = sheet.columns.map((c, i) => ({
      key: `c${i}`,
      header: c.header,
      width: c.width ?? 16,
      style: c.kind === 'date' ? { numFmt: DATE_FORMAT } : c.kind === 'wrap' ? { alignment: { wrapText: true, vertical: 'top' } } : {},
    }));
    const header = worksheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    for await (const batch of sheet.batches) {
      for (const cells of batch) worksheet.addRow(cells.map(xlsxCell)).commit();
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
 * an empty line between sections.
 *
 * Formula injection: a spreadsheet opening a CSV runs a cell that starts with =, +, - or @ (or a
 * tab or carriage return) as a formula, and club names, notes and rejection reasons are typed by
 * members. csv-stringify's `escape_formulas` puts a single quote (') in front of every such cell,
 * so it is shown as text (a phone number '+44 …' reads "'+44 …" in the CSV as a result).
 */
export function csvFile(sheets: Sheet[]): Readable {
  const stringifier = stringify({
    bom: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
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
      yield [sheet.name];
    }
    yield sheet.columns.map((c) => c.header);
    for await (const batch of sheet.batches) yield* batch;
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

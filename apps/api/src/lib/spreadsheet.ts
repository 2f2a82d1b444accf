// Tables a person downloads (progress exports, decisions 0033 and 0035): CSV that Excel in a
// Russian locale opens as columns with the Cyrillic intact (UTF-8 with a BOM, ';' between fields,
// CRLF, decimal commas) and XLSX written by exceljs (a sheet per section, bold frozen header).
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

export type Cell = string | number | null;
export interface Section {
  title: string;
  header: string[];
  rows: Cell[][];
}

/** A text Excel would take for a formula (=, +, -, @ first) is kept as text by a leading apostrophe. */
const asText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** CSV: a title line, then each section under its name with its header. */
export function csvOf(title: string, sections: Section[]): Buffer {
  const cell = (v: Cell) => (v === null ? '' : typeof v === 'number' ? String(v).replace('.', ',') : asText(v));
  const lines: string[][] = [[asText(title)]];
  for (const s of sections) {
    lines.push([], [s.title], s.header, ...s.rows.map((r) => r.map(cell)));
  }
  const text = stringify(lines, { delimiter: ';', record_delimiter: 'windows' });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

/** XLSX: a sheet per section, a bold header row, columns sized to their text. */
export async function xlsxOf(title: string, sections: Section[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Crema';
  book.created = new Date();
  book.title = title;
  for (const s of sections) {
    const sheet = book.addWorksheet(s.title);
    sheet.addRow(s.header).font = { bold: true };
    for (const r of s.rows) sheet.addRow(r.map((v) => (typeof v === 'string' ? asText(v) : v)));
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    s.header.forEach((h, i) => {
      const longest = Math.max(h.length, ...s.rows.map((r) => String(r[i] ?? '').length));
      sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, longest + 2));
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** CSV of one plain table (a header row, then the rows), with the same conventions as `csvOf`. */
export function csvTableOf(header: string[], rows: Cell[][]): Buffer {
  const cell = (v: Cell) => (v === null ? '' : typeof v === 'number' ? String(v).replace('.', ',') : asText(v));
  const text = stringify([header, ...rows.map((r) => r.map(cell))], { delimiter: ';', record_delimiter: 'windows' });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

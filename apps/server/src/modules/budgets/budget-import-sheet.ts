/**
 * A BOQ file's cells (issue 45, BOQ import): the first sheet of an XLSX, or a UTF-8 CSV (with or
 * without a byte-order mark; comma, semicolon or tab separated). The type is judged by the bytes,
 * not the file name or the browser's content type: phones send either wrong often enough.
 */
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors.js';

export type SheetCell = string | number | null;

/** A row of the sheet with its 1-based row number (what a person sees in Excel). */
export interface SheetRow {
  row: number;
  cells: SheetCell[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function wrongType(): AppError {
  return new AppError('INVALID_FILE_TYPE', { accepted: ['csv', 'xlsx'] });
}

export async function readSheet(data: Buffer): Promise<SheetRow[]> {
  if (data.subarray(0, 4).equals(ZIP)) return readXlsx(data);
  return readCsv(data);
}

/** A cell's value as text or number; formulas give their cached result, rich text its text. */
function cellValue(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) {
    const result = value.result;
    if (result === undefined || result === null) return null;
    if (typeof result === 'object' && 'error' in result) return null;
    return cellValue(result as ExcelJS.CellValue);
  }
  if ('text' in value) return String(value.text);
  return null;
}

async function readXlsx(data: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's own Buffer type predates Node's generic one.
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    // A zip that is not a workbook (a .docx, a damaged file).
    throw wrongType();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: SheetCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellValue(cell.value);
    });
    rows.push({ row: number, cells: Array.from(cells, (cell) => cell ?? null) });
  });
  return rows;
}

function decodeText(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw wrongType();
  }
  // Binary files that happen to be valid UTF-8 (images with few high bytes) carry NULs.
  if (text.includes('\u0000')) throw wrongType();
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The separator used most in the first lines (a title row may hold a stray comma). */
function separatorOf(text: string): string {
  const head = text.split(/\r?\n/).slice(0, 10).join('\n');
  const counts = [',', ';', '\t'].map((sep) => [sep, head.split(sep).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** RFC 4180: quoted fields may hold separators, doubled quotes and line breaks. */
function readCsv(data: Buffer): SheetRow[] {
  const text = decodeText(data);
  const sep = separatorOf(text);
  const rows: SheetRow[] = [];
  let cells: SheetCell[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const endField = () => {
    cells.push(field.trim() === '' ? null : field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (cells.some((cell) => cell !== null)) rows.push({ row: rowStart, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        field += ch;
      }
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === sep) endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowStart = line;
    } else field += ch;
  }
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}

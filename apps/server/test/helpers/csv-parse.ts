/**
 * A strict RFC 4180 reader for the export tests: records end with CRLF, fields may be quoted,
 * quotes inside a quoted field are doubled. Anything else (a bare LF, a stray quote) throws, so a
 * test fails on a file a spreadsheet would misread.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== ',' && next !== '\r' && next !== undefined) {
          throw new Error(`character after a closing quote at ${i}`);
        }
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (fieldStarted) throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (c === ',') {
      record.push(field);
      field = '';
      fieldStarted = false;
      i += 1;
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
      i += 2;
    } else if (c === '\n') {
      throw new Error(`bare LF at ${i}`);
    } else {
      field += c;
      fieldStarted = true;
      i += 1;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (fieldStarted || record.length > 0) throw new Error('last record has no CRLF');
  return records;
}

/** An export's CSV: it must start with the UTF-8 BOM; the rest is parsed strictly. */
export function parseExportCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('no byte order mark');
  return parseCsv(text.slice(1));
}

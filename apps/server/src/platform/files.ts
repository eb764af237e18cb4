import fs from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../db/ids.js';

export type FileKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf';

const EXTENSIONS: Record<FileKind, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  pdf: 'pdf',
};

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};

/** The kind of a file by its first bytes (never by its name or declared type). */
export function sniffFileKind(head: Buffer): FileKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    head.length >= 12 &&
    head.toString('ascii', 0, 4) === 'RIFF' &&
    head.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  if (head.length >= 12 && head.toString('ascii', 4, 8) === 'ftyp') {
    const brand = head.toString('ascii', 8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis'].includes(brand))
      return 'heic';
  }
  if (head.length >= 5 && head.toString('ascii', 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/** Files on local disk under DATA_DIR/files/<area>/; names are random so they cannot be guessed. */
export class FileStore {
  constructor(private readonly root: string) {}

  async save(area: string, kind: FileKind, data: Buffer): Promise<string> {
    const dir = path.join(this.root, area);
    await fs.mkdir(dir, { recursive: true });
    const name = `${newId()}.${EXTENSIONS[kind]}`;
    await fs.writeFile(path.join(dir, name), data);
    return name;
  }

  /** The path of a stored file, or null when the name is not one of ours. */
  resolve(area: string, name: string): string | null {
    if (!/^[a-z0-9]{15}\.(jpg|png|webp|heic|pdf)$/.test(name)) return null;
    return path.join(this.root, area, name);
  }

  async remove(area: string, name: string): Promise<void> {
    const file = this.resolve(area, name);
    if (file) await fs.rm(file, { force: true });
  }

  /** Removes the files a deleted record listed; call after its transaction has committed. */
  async removeMany(area: string, names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => this.remove(area, name)));
  }
}

/** A record's JSON list of file names (photos, completion_photos, files); anything else is empty. */
export function parseFileList(text: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

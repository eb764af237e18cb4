import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
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

/** A stored file opened for reading: its bytes as a stream, with what a reply's headers need. */
export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live, by area (a site's id, or `avatars`) and random name: on local disk
 * (DiskFileStore, the default) or in S3-compatible object storage (S3FileStore) when several
 * instances on several machines must see the same files.
 */
export interface FileStore {
  save(area: string, kind: FileKind, data: Buffer): Promise<string>;
  /** The file, or null when the name is not one of ours or nothing is stored under it. */
  open(area: string, name: string): Promise<StoredFile | null>;
  remove(area: string, name: string): Promise<void>;
  /** Removes the files a deleted record listed; call after its transaction has committed. */
  removeMany(area: string, names: readonly string[]): Promise<void>;
  /** Removes every file of an area (a purged site). */
  removeArea(area: string): Promise<void>;
  /** Lets go of connections when the app closes. */
  close(): void;
}

/** A name save() could have made; anything else is refused before any storage is asked. */
export function isStoredFileName(name: string): boolean {
  return /^[a-z0-9]{15}\.(jpg|png|webp|heic|pdf)$/.test(name);
}

/** A new random name for a file of this kind. */
export function newFileName(kind: FileKind): string {
  return `${newId()}.${EXTENSIONS[kind]}`;
}

/** The content type of a stored file by its extension. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/** Files on local disk under DATA_DIR/files/<area>/; names are random so they cannot be guessed. */
export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async save(area: string, kind: FileKind, data: Buffer): Promise<string> {
    const dir = path.join(this.root, area);
    await fs.mkdir(dir, { recursive: true });
    const name = newFileName(kind);
    await fs.writeFile(path.join(dir, name), data);
    return name;
  }

  /** The path of a stored file, or null when the name is not one of ours. */
  private resolve(area: string, name: string): string | null {
    if (!isStoredFileName(name)) return null;
    return path.join(this.root, area, name);
  }

  async open(area: string, name: string): Promise<StoredFile | null> {
    const file = this.resolve(area, name);
    if (!file) return null;
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { stream: createReadStream(file), size: stat.size, contentType: contentTypeOf(name) };
  }

  async remove(area: string, name: string): Promise<void> {
    const file = this.resolve(area, name);
    if (file) await fs.rm(file, { force: true });
  }

  async removeMany(area: string, names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => this.remove(area, name)));
  }

  async removeArea(area: string): Promise<void> {
    if (!area || area.includes('/') || area.includes('..')) return;
    await fs.rm(path.join(this.root, area), { recursive: true, force: true });
  }

  close(): void {
    // Nothing held open between calls.
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

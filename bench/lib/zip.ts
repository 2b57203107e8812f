// The entries of a zip file (a VSIX) from its central directory: names and sizes only.
import { readFileSync } from 'node:fs';

export interface ZipEntry {
  name: string;
  compressed: number;
  size: number;
}

export function zipEntries(file: string): ZipEntry[] {
  const buf = readFileSync(file);
  // End of central directory: the last signature within the final 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${n}`);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    entries.push({ name: buf.toString('utf8', at + 46, at + 46 + nameLength), compressed, size });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

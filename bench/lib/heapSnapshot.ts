// Reads a .heapsnapshot and sums self sizes by kind (strings, objects, arrays, …) and by
// object constructor, to say what a retained heap is made of.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapBreakdown {
  totalBytes: number;
  byType: Array<{ name: string; bytes: number; count: number }>;
  byConstructor: Array<{ name: string; bytes: number; count: number }>;
}

export function heapBreakdown(file: string, top = 8): HeapBreakdown {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const byType = new Map<string, { bytes: number; count: number }>();
  const byCtor = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  const add = (m: Map<string, { bytes: number; count: number }>, key: string, bytes: number) => {
    const e = m.get(key);
    if (e) {
      e.bytes += bytes;
      e.count++;
    } else m.set(key, { bytes, count: 1 });
  };
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!] ?? 'unknown';
    const size = snap.nodes[i + sizeAt]!;
    total += size;
    const kind = type.includes('string') ? 'strings' : type;
    add(byType, kind, size);
    if (type === 'object' || type === 'array') {
      // Unnamed arrays are V8's own backing stores (hash tables of Maps and Sets, among others).
      const name = snap.strings[snap.nodes[i + nameAt]!] || '(internal: Map/Set tables, …)';
      add(byCtor, type === 'array' ? `array ${name}` : name, size);
    }
  }
  const sorted = (m: Map<string, { bytes: number; count: number }>) =>
    [...m]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, top)
      .map(([name, e]) => ({ name, ...e }));
  return { totalBytes: total, byType: sorted(byType), byConstructor: sorted(byCtor) };
}

// Two V8 heap snapshots of one process compared: what was added between them, by node type and
// constructor, divided by `per` (the connections opened in between, for bench/ws-memory.ts).
//
//   npx tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [per]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Count and self size of the heap's nodes by "type: constructor". */
function byConstructor(file: string): Map<string, { count: number; bytes: number }> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const out = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < s.nodes.length; i += fields.length) {
    const key = `${types[s.nodes[i + type]!]}: ${s.strings[s.nodes[i + name]!]!.slice(0, 60)}`;
    const entry = out.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += s.nodes[i + size]!;
    out.set(key, entry);
  }
  return out;
}

/** A table of the 40 largest additions per `per`, and their total. */
export function heapDiff(beforeFile: string, afterFile: string, per = 1): string {
  const before = byConstructor(beforeFile);
  const rows = [...byConstructor(afterFile)].map(([key, a]) => {
    const b = before.get(key) ?? { count: 0, bytes: 0 };
    return { key, count: (a.count - b.count) / per, bytes: (a.bytes - b.bytes) / per };
  });
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  const lines = rows
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, 40)
    .map((r) => `| ${r.key.replaceAll('|', '/')} | ${r.count.toFixed(2)} | ${r.bytes.toFixed(0)} |`);
  return [`Added per ${per > 1 ? 'connection' : 'snapshot'}: ${total.toFixed(0)} bytes`, '', '| type: constructor | objects | bytes |', '| --- | --- | --- |', ...lines].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [beforeFile, afterFile, per] = process.argv.slice(2);
  if (!beforeFile || !afterFile) throw new Error('usage: heap-diff.ts before.heapsnapshot after.heapsnapshot [per]');
  console.log(heapDiff(beforeFile, afterFile, Number(per ?? 1)));
}

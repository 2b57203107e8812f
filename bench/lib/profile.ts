// Reads a V8 .cpuprofile (node --cpu-prof, or the inspector's Profiler.stop) and says where
// the time went: self time per category and per function. Builtins such as JSON.parse do
// not get frames of their own; their time counts as self time of the JS function calling
// them, which is why the categories below name the caller's job ("JSON.parse + UTF-8").
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Share {
  name: string;
  ms: number;
  /** Percent of the busy (non-idle) time. */
  pct: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Time the thread waited for I/O (the server, the network, a pipe). */
  idleMs: number;
  busyMs: number;
  categories: Share[];
  functions: Share[];
}

/** Category of a frame: first matching rule wins. `where` is "<url> <functionName>". */
const RULES: Array<[RegExp, string]> = [
  [/^\(idle\)$/, 'idle'],
  [/^\(garbage collector\)$/, 'GC'],
  [/^\(program\)$/, 'V8/native (program)'],
  // JSON.parse has no frame of its own: its time is the self time of the function calling it.
  [/api\/decode\.js parseJsonBody|pagingLoops\.js bareLoop/, 'JSON.parse'],
  [
    /node:internal\/encoding|undici\/lib\/api\/readable\.js chunksDecode|node:buffer (toString|isUtf8|_copyActual)/,
    'UTF-8 decode + body copy',
  ],
  [/valibot/, 'schema validation (valibot)'],
  [/api\/issuePageDecoder\.js/, 'issue decoding (fast path)'],
  [/api\/(paging|recentIds)\.js/, 'paging checks (dedupe, order)'],
  [/common\/time\.js/, 'timestamps (parse, order)'],
  [/api\/(client|transport|responses|baseUrl|decode|network)\.js/, 'client plumbing (requests, envelopes)'],
  [
    /undici|node:net|node:internal\/stream|node:_http|stream_base_commons|writeLatin1String|writeUtf8String|node:internal\/abort_controller|node:internal\/url|node:internal\/timers/,
    'HTTP (undici, sockets, streams)',
  ],
  [/src\/model\//, 'model (src/model)'],
  [/src\/views\//, 'tree nodes + items (src/views)'],
  [/src\/editor\//, 'report store (src/editor)'],
  [/src\/cli\/output\.js|JSONStringify|stringify/, 'output (JSON.stringify + escaping)'],
  [/^ (writeBuffer|writeString)$|SyncWriteStream/, 'stdout writes'],
  [/src\/cli\//, 'CLI'],
  [/extensionHostProcess|vs\/workbench|vs\/base/, 'VS Code API (extension host)'],
  [/node:internal\/modules|node:internal\/bootstrap|wrapSafe|compileForInternalLoader/, 'module loading'],
];

function categoryOf(frame: CallFrame): string {
  const where = `${frame.url} ${frame.functionName || '(anonymous)'}`;
  const name = frame.functionName;
  for (const [pattern, category] of RULES) {
    if (pattern.test(where) || (name.startsWith('(') && pattern.test(name))) return category;
  }
  return frame.url === '' ? 'V8/native (other)' : 'other JS';
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

export function summarizeProfile(profile: CpuProfile, top = 8): ProfileSummary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const dt = Math.max(0, profile.timeDeltas[i] ?? 0);
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
    totalUs += dt;
  });
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)!.callFrame;
    const category = categoryOf(frame);
    if (category === 'idle') {
      idleUs += us;
      continue;
    }
    byCategory.set(category, (byCategory.get(category) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const shares = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), pct: busyUs > 0 ? Math.round((us / busyUs) * 1000) / 10 : 0 }));
  return {
    totalMs: Math.round(totalUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    busyMs: Math.round(busyUs / 1000),
    categories: shares(byCategory),
    functions: shares(byFunction),
  };
}

/** The last path segments that say what a file is (node_modules/<pkg>/…, src/api/x.js). */
function shortUrl(url: string): string {
  if (url === '') return '';
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (dep) return `${dep[1]}/${dep[2]!.split('/').slice(-1)[0]}`;
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-3)
    .join('/');
}

// What a ReportModel keeps of each v5 issue once it is grouped: the fields the tree, hovers,
// filters, findings and metrics read, in a form that costs about a third of the decoded
// issue's heap (docs/performance.md). Three 100,000-issue reports are held at once in the editor,
// so every byte per issue counts 300,000 times.
//
// - fpDescription stays on the service: only its length is kept (0 = none), and the text is
//   fetched when it is shown (editor/explanations.ts). Explanations are the longest strings
//   of a report, and few are ever read.
// - Texts that repeat across issues (rule id, type, severity, language, state, tags) live in
//   one shared `IssueKind` per combination; file paths in one table per model.
// - The data-flow trace (codeNodes) is one short string of numbers and path indexes, decoded
//   when read: as objects it was the largest part of an issue.
// - createdAt is kept as epoch milliseconds (the tooltip shows only the date).
// - vendorInstanceId and `fix` are dropped: nothing reads them after grouping (exports page
//   the issues from the service again).
import type { Issue } from '../api/schemas';
import { parseTimestamp } from '../common/time';

export type IssueTag = Issue['vulnerabilityReportIssueTags'][number];
export type CodeNode = Issue['codeNodes'][number];

/** An issue as the model holds it. Read-only: the same kind and path objects are shared. */
export interface HeldIssue {
  readonly id: string;
  readonly vendorIssueId: string | null;
  readonly issueType: string | null;
  readonly severity: string | null;
  readonly issueLanguage: string | null;
  readonly state: string | null;
  /** createdAt in milliseconds since the epoch; null when missing or not a timestamp (a finding says which). */
  readonly createdAtMs: number | null;
  readonly fingerprintHash: string | null;
  readonly vulnerabilityReportIssueTags: readonly IssueTag[];
  readonly fpId: string | null;
  /** Characters of fpDescription; 0 when the service sent none or only blanks. The text is not kept. */
  readonly fpDescriptionLength: number;
  /** Decoded on each read: a new array of new objects. */
  readonly codeNodes: readonly CodeNode[];
  readonly codeFilePath: string | null;
  /** Whether `test` holds for a path of the trace or codeFilePath, as sent; reads the trace
   * without decoding it (a text filter asks this of every issue). */
  someSentPath(test: (path: string) => boolean): boolean;
}

/** The texts many issues share, one object per distinct combination. */
interface IssueKind {
  readonly vendorIssueId: string | null;
  readonly issueType: string | null;
  readonly severity: string | null;
  readonly issueLanguage: string | null;
  readonly state: string | null;
  readonly tags: readonly IssueTag[];
  /** The model's path table, which the trace's indexes point into. */
  readonly paths: readonly string[];
}

const NO_TAGS: readonly IssueTag[] = Object.freeze([]);
const NO_NODES: readonly CodeNode[] = Object.freeze([]);
/** Past this many distinct combinations (or texts, or paths) new ones are not shared: they are not repeated ones. */
const MAX_SHARED = 10_000;
const MAX_PATHS = 100_000;
/** Combinations compared one by one for a rule id; past this, a new one is not shared. */
const MAX_KINDS_PER_RULE = 64;

class Held implements HeldIssue {
  constructor(
    readonly id: string,
    private readonly kind: IssueKind,
    readonly createdAtMs: number | null,
    readonly fingerprintHash: string | null,
    readonly fpId: string | null,
    readonly fpDescriptionLength: number,
    readonly codeFilePath: string | null,
    /** Encoded codeNodes (see encodeTrace), the nodes themselves when a path did not fit the table, or null for none. */
    private readonly trace: string | readonly CodeNode[] | null,
  ) {}

  get vendorIssueId(): string | null {
    return this.kind.vendorIssueId;
  }
  get issueType(): string | null {
    return this.kind.issueType;
  }
  get severity(): string | null {
    return this.kind.severity;
  }
  get issueLanguage(): string | null {
    return this.kind.issueLanguage;
  }
  get state(): string | null {
    return this.kind.state;
  }
  get vulnerabilityReportIssueTags(): readonly IssueTag[] {
    return this.kind.tags;
  }
  get codeNodes(): readonly CodeNode[] {
    const trace = this.trace;
    if (trace === null) return NO_NODES;
    return typeof trace === 'string' ? decodeTrace(trace, this.kind.paths) : trace;
  }

  someSentPath(test: (path: string) => boolean): boolean {
    const trace = this.trace;
    if (typeof trace === 'string') {
      // Every NODE_FIELDS-th field, from the first, is a path index (see encodeTrace).
      for (let at = 0, field = 0; at <= trace.length; field++) {
        const comma = trace.indexOf(',', at);
        const end = comma === -1 ? trace.length : comma;
        if (field % NODE_FIELDS === 0 && end > at) {
          const path = this.kind.paths[Number(trace.slice(at, end))];
          if (path !== undefined && test(path)) return true;
        }
        if (comma === -1) break;
        at = comma + 1;
      }
    } else if (trace !== null && trace.some((node) => typeof node.path === 'string' && test(node.path))) return true;
    return this.codeFilePath !== null && test(this.codeFilePath);
  }
}

/** Turns decoded issues into held ones; one per model, so its tables go with the model. */
export class IssueHolder {
  /** By rule id: the rule mostly decides the rest, so each list is short and compared field by field. */
  private readonly kinds = new Map<string | null, IssueKind[]>();
  private kindCount = 0;
  private readonly texts = new Map<string, string>();
  private readonly tagLists = new Map<string, readonly IssueTag[]>();
  private readonly paths: string[] = [];
  private readonly pathIndex = new Map<string, number>();
  private lastPath: string | undefined;
  private lastIndex: number | undefined;

  hold(issue: Issue): HeldIssue {
    const description = issue.fpDescription;
    return new Held(
      issue.id,
      this.kindOf(issue),
      parseTimestamp(issue.createdAt)?.ms ?? null,
      issue.fingerprintHash,
      issue.fpId,
      description !== null && description.trim() !== '' ? description.length : 0,
      issue.codeFilePath === null ? null : this.path(issue.codeFilePath),
      this.trace(issue.codeNodes),
    );
  }

  private kindOf(issue: Issue): IssueKind {
    const candidates = this.kinds.get(issue.vendorIssueId);
    if (candidates) for (const kind of candidates) if (sameKind(kind, issue)) return kind;
    const kind: IssueKind = {
      vendorIssueId: this.text(issue.vendorIssueId),
      issueType: this.text(issue.issueType),
      severity: this.text(issue.severity),
      issueLanguage: this.text(issue.issueLanguage),
      state: this.text(issue.state),
      tags: this.tags(issue.vulnerabilityReportIssueTags),
      paths: this.paths,
    };
    if (this.kindCount < MAX_SHARED && (candidates?.length ?? 0) < MAX_KINDS_PER_RULE) {
      this.kindCount++;
      if (candidates) candidates.push(kind);
      else this.kinds.set(issue.vendorIssueId, [kind]);
    }
    return kind;
  }

  private tags(tags: readonly IssueTag[]): readonly IssueTag[] {
    if (tags.length === 0) return NO_TAGS;
    const key = tags.map((t) => part(t.vulnerability_report_issue_tag_value)).join('');
    const known = this.tagLists.get(key);
    if (known) return known;
    const list = Object.freeze(
      tags.map((t) => Object.freeze({ vulnerability_report_issue_tag_value: this.text(t.vulnerability_report_issue_tag_value) })),
    );
    if (this.tagLists.size < MAX_SHARED) this.tagLists.set(key, list);
    return list;
  }

  /** The first copy seen of `text`: JSON.parse shares only short strings. */
  private text(text: string | null): string | null {
    if (text === null) return null;
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    if (this.texts.size < MAX_SHARED) this.texts.set(text, text);
    return text;
  }

  /** The table's copy of a path. */
  private path(path: string): string {
    const index = this.indexOf(path);
    return index === undefined ? path : this.paths[index]!;
  }

  private indexOf(path: string): number | undefined {
    // The nodes of a trace and the issue's file are often one file: skip hashing it again.
    if (path === this.lastPath) return this.lastIndex;
    let index = this.pathIndex.get(path);
    if (index === undefined && this.paths.length < MAX_PATHS) {
      index = this.paths.push(path) - 1;
      this.pathIndex.set(path, index);
    }
    this.lastPath = path;
    this.lastIndex = index;
    return index;
  }

  private trace(nodes: readonly CodeNode[]): string | readonly CodeNode[] | null {
    if (nodes.length === 0) return null;
    const indexes: (number | null)[] = [];
    for (const node of nodes) {
      const index = node.path === null ? null : this.indexOf(node.path);
      if (index === undefined) return Object.freeze(nodes.map((n) => Object.freeze({ ...n }))); // the table is full
      indexes.push(index);
    }
    return encodeTrace(nodes, indexes);
  }
}

function sameKind(kind: IssueKind, issue: Issue): boolean {
  if (kind.issueType !== issue.issueType || kind.severity !== issue.severity || kind.state !== issue.state) return false;
  if (kind.issueLanguage !== issue.issueLanguage) return false;
  const tags = issue.vulnerabilityReportIssueTags;
  if (kind.tags.length !== tags.length) return false;
  for (let i = 0; i < tags.length; i++) {
    if (kind.tags[i]!.vulnerability_report_issue_tag_value !== tags[i]!.vulnerability_report_issue_tag_value) return false;
  }
  return true;
}

/** Each part carries its length, so no text can make two lists share a key. */
function part(text: string | null): string {
  return text === null ? '-' : `${text.length}:${text}`;
}

/** Fields per node in a trace. */
const NODE_FIELDS = 6;

/**
 * Nodes as `path,startLine,endLine,startCol,endCol,index`, one after the other, all joined by
 * `,`: the path is an index into the path table, a null is empty. Numbers are written with
 * String() (-0 too), which reads back with Number() to the same value, so decoding gives what
 * the service sent. Built with one join, which makes one flat string (`+=` keeps a rope of small
 * pieces, twice the size) and costs one array per issue.
 */
function encodeTrace(nodes: readonly CodeNode[], pathIndexes: readonly (number | null)[]): string {
  const fields: (number | string | null)[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    fields.push(pathIndexes[i]!, exact(n.startLine), exact(n.endLine), exact(n.startCol), exact(n.endCol), exact(n.index));
  }
  return fields.join(',');
}

/** join() writes -0 as "0"; JSON can carry it. */
function exact(value: number | null): number | string | null {
  return value === 0 && 1 / value < 0 ? '-0' : value;
}

function decodeTrace(trace: string, paths: readonly string[]): CodeNode[] {
  const fields = trace.split(',').map((f) => (f === '' ? null : Number(f)));
  const nodes: CodeNode[] = [];
  for (let at = 0; at + NODE_FIELDS <= fields.length; at += NODE_FIELDS) {
    const path = fields[at]!;
    nodes.push({
      path: path === null ? null : (paths[path] ?? null),
      startLine: fields[at + 1]!,
      endLine: fields[at + 2]!,
      startCol: fields[at + 3]!,
      endCol: fields[at + 4]!,
      index: fields[at + 5]!,
    });
  }
  return nodes;
}

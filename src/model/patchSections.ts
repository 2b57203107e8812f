// A unified diff split into its per-file sections by our own reading of the raw text, before
// jsdiff parses it: jsdiff skips what it does not apply (git's extended headers: binary, mode,
// rename and copy lines; sections without hunks), so a patch could carry a change that would be
// silently dropped while the rest applies, or name one file in its `diff --git` line and
// another in its `---`/`+++` lines. A section starts at `diff --git ` or at a `--- ` line
// followed by `+++ `; hunks are read by their counts, so a removed line `-- x` is not a header.
// Everything not understood is refused, with the file it concerns.
import { escapedJson, escapeUnsafe } from '../common/text';
import { unquote, wholeQuoted } from './gitQuotedName';

/** One hunk as its header and body say. */
export interface RawHunk {
  /** As written in the header (`@@ -0,0 …` has oldStart 0). */
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  readonly added: number;
  readonly removed: number;
  /** The body's removed lines, without the `-` and any `\r`. */
  readonly removedText: readonly string[];
  /** `\ No newline at end of file` follows the last removed line. */
  readonly removedWithoutEol: boolean;
}

/** One file's section: what its headers say, checked for consistency, and its text for jsdiff. */
interface RawSection {
  /** Repo-relative as the patch names it (a/ b/ prefixes removed), not yet checked. */
  readonly name: string;
  readonly action: 'create' | 'modify' | 'delete';
  readonly hunks: readonly RawHunk[];
  /** The section's lines, for jsdiff. */
  readonly text: string;
}

export type Sections = { ok: true; sections: RawSection[] } | { ok: false; reason: string };

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
/** Modes of a regular file; 120000 is a symbolic link, 160000 a submodule (gitlink). */
const FILE_MODES = new Set(['100644', '100755']);

/** The patch's sections, or why the patch is refused as a whole. */
export function splitSections(patch: string): Sections {
  const lines = patch.split('\n');
  const reader = new Reader(lines);
  const sections: RawSection[] = [];
  // Before the first section: prose (a commit message) is allowed, another format's header is not.
  for (; !reader.done() && !reader.atSection(); reader.next()) {
    const stray = strayLine(reader.line(), 'before the first file');
    if (stray) return { ok: false, reason: stray };
  }
  while (!reader.done()) {
    const section = readSection(reader);
    if (!section.ok) return section;
    sections.push(section.section);
  }
  if (sections.length === 0)
    return { ok: false, reason: 'the patch has no file sections (no "diff --git" or "---"/"+++" lines): it is not a unified diff' };
  return { ok: true, sections };
}

class Reader {
  index = 0;
  constructor(readonly lines: readonly string[]) {}
  done(): boolean {
    return this.index >= this.lines.length;
  }
  /** The current line without a trailing `\r` (a patch with CRLF line ends). */
  line(offset = 0): string {
    return (this.lines[this.index + offset] ?? '').replace(/\r$/, '');
  }
  next(): void {
    this.index++;
  }
  atSection(): boolean {
    const line = this.line();
    return line.startsWith('diff --git ') || (line.startsWith('--- ') && this.line(1).startsWith('+++ '));
  }
}

type SectionRead = { ok: true; section: RawSection } | { ok: false; reason: string };

interface GitHeader {
  /** Both names of the `diff --git` line, prefixes removed; equal, else refused. */
  readonly name: string;
  readonly prefixed: boolean;
  readonly newFile: boolean;
  readonly deletedFile: boolean;
}

function readSection(reader: Reader): SectionRead {
  const start = reader.index;
  let git: GitHeader | undefined;
  if (reader.line().startsWith('diff --git ')) {
    const header = readGitHeader(reader);
    if (!header.ok) return header;
    git = header.git;
  }
  const label = plain(git?.name ?? plainSectionName(reader));
  let oldSide: string | undefined;
  let newSide: string | undefined;
  if (reader.line().startsWith('--- ')) {
    if (!reader.line(1).startsWith('+++ ')) return { ok: false, reason: `the "---" line of ${label} has no "+++" line after it` };
    oldSide = sideName(reader.line().slice(4));
    newSide = sideName(reader.line(1).slice(4));
    if (oldSide === undefined || newSide === undefined)
      return { ok: false, reason: `the "---"/"+++" lines of ${label} name a file in quotes that cannot be read` };
    reader.next();
    reader.next();
  }
  const hunks: RawHunk[] = [];
  while (!reader.done() && !reader.atSection()) {
    const line = reader.line();
    if (line.startsWith('@@ ')) {
      if (oldSide === undefined) return { ok: false, reason: `${label} has a hunk but no "---" and "+++" lines` };
      const hunk = readHunk(reader, label);
      if (!hunk.ok) return hunk;
      hunks.push(hunk.hunk);
      continue;
    }
    const stray = strayLine(line, `in the section of ${label}`);
    if (stray) return { ok: false, reason: stray };
    reader.next();
  }
  const text = reader.lines.slice(start, reader.index).join('\n');
  if (oldSide === undefined || newSide === undefined || hunks.length === 0)
    return { ok: false, reason: `the section of ${label} changes no line (a header-only or mode-only section), which is not applied` };
  const named = sectionName(oldSide, newSide, git);
  if (!named.ok) return named;
  const { name, action } = named;
  for (const hunk of hunks) {
    if (hunk.added === 0 && hunk.removed === 0)
      return { ok: false, reason: `a hunk of ${plain(name)} changes nothing (no "+" or "-" line)` };
  }
  const shape = checkShape(plain(name), action, hunks);
  if (shape) return { ok: false, reason: shape };
  return { ok: true, section: { name, action, hunks, text } };
}

/** Reads `diff --git` and its extended headers; refuses every header that changes more than lines. */
function readGitHeader(reader: Reader): { ok: true; git: GitHeader } | { ok: false; reason: string } {
  const names = gitNames(reader.line().slice('diff --git '.length));
  if (!names.ok) return names;
  const { name, prefixed } = names;
  const shown = plain(name);
  reader.next();
  let newFile = false;
  let deletedFile = false;
  for (; !reader.done(); reader.next()) {
    const line = reader.line();
    // An empty line ends the header too (the patch's last line end); what follows is checked as any line.
    if (line === '' || line.startsWith('--- ') || line.startsWith('@@ ') || line.startsWith('diff --git ')) break;
    let match: RegExpExecArray | null;
    if ((match = /^index [0-9a-f]+\.\.[0-9a-f]+(?: (\d+))?$/.exec(line))) {
      const mode = modeProblem(match[1]);
      if (match[1] !== undefined && mode) return { ok: false, reason: `${shown} ${mode}` };
    } else if ((match = /^new file mode (\d+)$/.exec(line))) {
      const mode = modeProblem(match[1]);
      if (mode) return { ok: false, reason: `the patch creates ${shown}, which ${mode}` };
      newFile = true;
    } else if ((match = /^deleted file mode (\d+)$/.exec(line))) {
      const mode = modeProblem(match[1]);
      if (mode) return { ok: false, reason: `the patch deletes ${shown}, which ${mode}` };
      deletedFile = true;
    } else if (/^(old|new) mode /.test(line)) {
      return { ok: false, reason: `the patch changes the mode of ${shown} (${excerpt(line)}), which a fix does not do` };
    } else if (/^(similarity|dissimilarity) index /.test(line) || /^rename (from|to) /.test(line)) {
      return { ok: false, reason: `the patch renames ${shown} (${excerpt(line)}), which is not applied` };
    } else if (/^copy (from|to) /.test(line)) {
      return { ok: false, reason: `the patch copies ${shown} (${excerpt(line)}), which is not applied` };
    } else if (isBinary(line)) {
      return { ok: false, reason: binaryReason(shown) };
    } else {
      return { ok: false, reason: `the git header of ${shown} has a line that is not understood: ${excerpt(line)}` };
    }
  }
  if (newFile && deletedFile) return { ok: false, reason: `the git header of ${shown} both creates and deletes it` };
  return { ok: true, git: { name, prefixed, newFile, deletedFile } };
}

/** Why a git mode is refused, or undefined for a regular file's. */
function modeProblem(mode: string | undefined): string | undefined {
  if (mode === undefined || FILE_MODES.has(mode)) return undefined;
  if (mode === '120000') return 'is a symbolic link (mode 120000): a fix never writes links';
  if (mode === '160000') return 'is a submodule (mode 160000): a fix never changes submodules';
  return `has mode ${mode}, which is not a regular file's`;
}

/**
 * The two names of a `diff --git` line: `a/P b/P` (or `P P` without prefixes, or either side
 * quoted by git). Different names are a rename or a copy, refused.
 */
function gitNames(rest: string): { ok: true; name: string; prefixed: boolean } | { ok: false; reason: string } {
  let first: string | undefined;
  let second: string | undefined;
  if (rest.includes('"')) {
    if (rest.startsWith('"')) {
      const firstQuoted = unquote(rest);
      const after = firstQuoted ? rest.slice(firstQuoted.length) : '';
      first = firstQuoted?.text;
      if (after.startsWith(' ')) second = after.startsWith(' "') ? wholeQuoted(after.slice(1)) : after.slice(1);
    } else {
      const at = rest.indexOf(' "');
      if (at > 0) {
        first = rest.slice(0, at);
        second = wholeQuoted(rest.slice(at + 1));
      }
    }
    if (first === undefined || second === undefined)
      return { ok: false, reason: `the "diff --git" line ${excerpt(rest)} cannot be read (a quoted name)` };
  } else {
    // Unquoted names may hold spaces: the line is read as the same name twice, else refused.
    const half = (rest.length - 1) / 2;
    const a = rest.slice(0, half);
    const b = rest.slice(half + 1);
    if (
      Number.isInteger(half) &&
      rest[half] === ' ' &&
      stripPrefix(a, 'a/') === stripPrefix(b, 'b/') &&
      a.startsWith('a/') === b.startsWith('b/')
    ) {
      first = a;
      second = b;
    } else {
      return {
        ok: false,
        reason: `the "diff --git" line names two different files (${excerpt(rest)}): the patch renames or copies a file, which is not applied`,
      };
    }
  }
  const prefixed = first.startsWith('a/') && second.startsWith('b/');
  const name = prefixed ? first.slice(2) : first;
  if (name !== (prefixed ? second.slice(2) : second))
    return { ok: false, reason: `the patch renames ${plain(first)} to ${plain(second)}, which is not applied` };
  return { ok: true, name, prefixed };
}

/** The file name of a `---`/`+++` line: up to a tab (a timestamp may follow), git's quoting undone. */
function sideName(rest: string): string | undefined {
  if (rest.startsWith('"')) {
    const quoted = unquote(rest);
    if (!quoted) return undefined;
    const after = rest.slice(quoted.length);
    return after === '' || after.startsWith('\t') ? quoted.text : undefined;
  }
  return rest.split('\t')[0]!;
}

/** The file's name and what happens to it, from the `---`/`+++` names and the git header. */
function sectionName(
  oldSide: string,
  newSide: string,
  git: GitHeader | undefined,
): { ok: true; name: string; action: RawSection['action'] } | { ok: false; reason: string } {
  const oldNull = oldSide === '/dev/null';
  const newNull = newSide === '/dev/null';
  if (oldNull && newNull) return { ok: false, reason: 'a section of the patch names /dev/null on both sides' };
  const action = oldNull ? 'create' : newNull ? 'delete' : 'modify';
  if (git) {
    const expectOld = git.newFile ? '/dev/null' : git.prefixed ? `a/${git.name}` : git.name;
    const expectNew = git.deletedFile ? '/dev/null' : git.prefixed ? `b/${git.name}` : git.name;
    if (oldSide !== expectOld || newSide !== expectNew) {
      return {
        ok: false,
        reason:
          `the "diff --git" line of ${plain(git.name)} disagrees with its "---"/"+++" lines (${plain(oldSide)}, ${plain(newSide)}; ` +
          `expected ${plain(expectOld)}, ${plain(expectNew)}): ` +
          'the header and the body of the patch name different files',
      };
    }
    return { ok: true, name: git.name, action };
  }
  // git's a/ and b/ prefixes when both sides carry them (or the other side is /dev/null).
  const prefixed = (oldNull || oldSide.startsWith('a/')) && (newNull || newSide.startsWith('b/'));
  const oldName = prefixed && !oldNull ? oldSide.slice(2) : oldSide;
  const newName = prefixed && !newNull ? newSide.slice(2) : newSide;
  if (!oldNull && !newNull && oldName !== newName)
    return { ok: false, reason: `the patch renames ${plain(oldName)} to ${plain(newName)}, which is not applied` };
  return { ok: true, name: newNull ? oldName : newName, action };
}

/**
 * A created file's one hunk adds every line to nothing (`@@ -0,0 +1,N @@`); a deleted file's
 * one hunk removes lines from line 1 and leaves nothing (`@@ -1,N +0,0 @@`; that it removes the
 * whole file is checked against the file itself).
 */
function checkShape(name: string, action: RawSection['action'], hunks: readonly RawHunk[]): string | undefined {
  if (action === 'modify') return undefined;
  const [hunk] = hunks;
  if (hunks.length !== 1 || !hunk) return `the patch ${action}s ${name} in ${hunks.length} hunks; a whole file takes exactly one`;
  if (action === 'create' && (hunk.oldStart !== 0 || hunk.oldLines !== 0 || hunk.removed !== 0))
    return `the patch creates ${name} with a hunk that expects existing lines (${hunkLabel(hunk)}; a new file's is @@ -0,0 +1,N @@)`;
  if (action === 'delete' && (hunk.newStart !== 0 || hunk.newLines !== 0 || hunk.added !== 0 || hunk.oldStart !== 1))
    return `the patch deletes ${name} with a hunk that keeps or adds lines (${hunkLabel(hunk)}; a deleted file's is @@ -1,N +0,0 @@)`;
  return undefined;
}

function hunkLabel(hunk: RawHunk): string {
  return `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
}

/** A hunk read by its counts, as jsdiff reads it (an empty line is an empty context line). */
function readHunk(reader: Reader, label: string): { ok: true; hunk: RawHunk } | { ok: false; reason: string } {
  const header = HUNK_HEADER.exec(reader.line());
  if (!header) return { ok: false, reason: `a hunk header of ${label} cannot be read: ${excerpt(reader.line())}` };
  const count = (text: string | undefined) => (text === undefined ? 1 : Number(text));
  const oldLines = count(header[2]);
  const newLines = count(header[4]);
  reader.next();
  let old = 0;
  let added = 0;
  let removed = 0;
  let removedWithoutEol = false;
  let lastWasRemoved = false;
  const removedText: string[] = [];
  while (!reader.done() && (old < oldLines || added + old - removed < newLines || reader.line().startsWith('\\'))) {
    const raw = reader.line();
    const last = reader.index === reader.lines.length - 1;
    const op = raw === '' && !last ? ' ' : raw[0];
    if (op === '+') added++;
    else if (op === '-') {
      removed++;
      old++;
      removedText.push(raw.slice(1));
    } else if (op === ' ') old++;
    else if (op === '\\') {
      if (lastWasRemoved) removedWithoutEol = true;
    } else break;
    if (op !== '\\') lastWasRemoved = op === '-';
    reader.next();
  }
  const context = old - removed;
  if (old !== oldLines || added + context !== newLines)
    return { ok: false, reason: `a hunk of ${label} has other line counts than its header (${header[0]}) says` };
  return {
    ok: true,
    hunk: { oldStart: Number(header[1]), oldLines, newStart: Number(header[3]), newLines, added, removed, removedText, removedWithoutEol },
  };
}

/** A line outside any hunk that is another format's header or a header out of place, with why; else undefined. */
function strayLine(line: string, where: string): string | undefined {
  if (isBinary(line)) return binaryReason(undefined);
  if (
    /^(Index: |diff |\*\*\* |\*{15}|={10,}|@@ |--- |\+\+\+ |rename (from|to) |copy (from|to) |(old|new|new file|deleted file) mode |(similarity|dissimilarity) index |index [0-9a-f]+\.\.)/.test(
      line,
    )
  )
    return `the patch has a header line ${where} that is out of place or of another diff format: ${excerpt(line)}`;
  return undefined;
}

function isBinary(line: string): boolean {
  return /^Binary files .* differ$/.test(line) || line === 'GIT binary patch';
}

function binaryReason(name: string | undefined): string {
  return `the patch changes ${name ?? 'a file'} as binary data, which a fix cannot show or check: the whole patch is refused`;
}

/** A plain section's name for reasons given before its names are checked: the new side's, else the old side's. */
function plainSectionName(reader: Reader): string {
  const newSide = sideName(reader.line(1).slice(4));
  return (newSide !== '/dev/null' ? newSide : sideName(reader.line().slice(4))) ?? 'a file';
}

/** A name from the patch in a reason, before it is checked: unsafe characters escaped, cut to a readable length. */
function plain(text: string): string {
  return escapeUnsafe(text.length > 120 ? `${text.slice(0, 120)}…` : text);
}

/** A line of the patch in a reason: quoted, unsafe characters escaped, cut. */
function excerpt(line: string): string {
  return escapedJson(line.length > 80 ? `${line.slice(0, 80)}…` : line);
}

function stripPrefix(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

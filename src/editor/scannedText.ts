// A file as the report scanned it, read through git: the newest commit of the report's branch
// (the local branch, else origin's) made at or before the report's createdOn, or of HEAD when
// the report names no branch. The commit found for a report is kept in the workspace state, so
// a reload (or a later fetch moving the branch) maps findings against the same text. Git runs
// only in a trusted workspace, with arguments it cannot read as options, and reads objects
// only (no index, no work tree, no hooks).
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import { errorMessage } from '../common/errors';

export type ScannedText =
  { readonly kind: 'text'; readonly revision: string; readonly text: string } | { readonly kind: 'none'; readonly reason: string };

const REVISIONS_STATE = 'securityFixReports.scannedRevisions';
/** Revisions remembered (one per report and repository); the oldest go first. */
const MAX_REMEMBERED = 500;
/** Texts kept in memory (a file is read again when reopened later). */
const MAX_TEXTS = 32;
/** Larger files are not compared (their findings stay on the report's lines). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const GIT_TIMEOUT_MS = 10_000;
/** A branch name git would read as nothing but a branch name. */
const SAFE_REFERENCE = /^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]{1,200}$/;

export class ScannedTexts {
  private readonly revisions = new Map<string, Promise<string | undefined>>();
  private readonly texts = new Map<string, Promise<ScannedText>>();

  constructor(private readonly state: vscode.Memento) {}

  /** The file at `path` (repo-relative) as `report` scanned it in the repository at `root`. */
  async textOf(root: vscode.Uri, report: FixReportSummary, path: string): Promise<ScannedText> {
    if (!vscode.workspace.isTrusted) return { kind: 'none', reason: 'git is not run in Restricted Mode' };
    if (root.scheme !== 'file') return { kind: 'none', reason: 'the repository is not on a local disk' };
    let revision: string | undefined;
    try {
      revision = await this.revisionOf(root, report);
    } catch (e) {
      return { kind: 'none', reason: `git could not be run (${errorMessage(e)})` };
    }
    if (!revision) return { kind: 'none', reason: 'no commit of the report’s branch is as old as the report' };
    const key = `${root.fsPath}\u0000${revision}\u0000${path}`;
    let text = this.texts.get(key);
    if (!text) {
      text = this.read(root, revision, path);
      this.texts.set(key, text);
      if (this.texts.size > MAX_TEXTS) this.texts.delete(this.texts.keys().next().value!);
    }
    return text;
  }

  private async read(root: vscode.Uri, revision: string, path: string): Promise<ScannedText> {
    try {
      const bytes = await git(root, ['cat-file', 'blob', `${revision}:${path}`]);
      const text = await vscode.workspace.decode(bytes, { uri: vscode.Uri.joinPath(root, path) });
      return { kind: 'text', revision, text };
    } catch (e) {
      const tooLarge = (e as { code?: unknown } | null)?.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
      return {
        kind: 'none',
        reason: tooLarge
          ? `the file in commit ${revision.slice(0, 12)} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, so it is not compared`
          : `the file is not in commit ${revision.slice(0, 12)}`,
      };
    }
  }

  private revisionOf(root: vscode.Uri, report: FixReportSummary): Promise<string | undefined> {
    const key = `${root.toString()}\u0000${report.id}`;
    const remembered = this.remembered().get(key);
    if (remembered) return Promise.resolve(remembered);
    let revision = this.revisions.get(key);
    if (!revision) {
      revision = this.find(root, report).then(async (found) => {
        if (found) await this.remember(key, found);
        return found;
      });
      revision.catch(() => this.revisions.delete(key)); // asked again next time
      this.revisions.set(key, revision);
    }
    return revision;
  }

  private async find(root: vscode.Uri, report: FixReportSummary): Promise<string | undefined> {
    const created = report.createdOn ? Date.parse(report.createdOn) : NaN;
    const before = Number.isFinite(created) ? [`--before=${new Date(created).toISOString()}`] : [];
    const reference = report.repo?.reference ?? undefined;
    const refs =
      reference === undefined
        ? ['HEAD']
        : SAFE_REFERENCE.test(reference)
          ? [`refs/heads/${reference}`, `refs/remotes/origin/${reference}`]
          : [];
    for (const ref of refs) {
      const exists = await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).then(
        () => true,
        () => false,
      );
      if (!exists) continue;
      const out = (await git(root, ['rev-list', '-1', '--first-parent', ...before, ref, '--'])).toString('utf8').trim();
      return /^[0-9a-f]{40,64}$/.test(out) ? out : undefined;
    }
    return undefined;
  }

  /** The remembered revisions, oldest first (stored as [key, revision] pairs). */
  private remembered(): Map<string, string> {
    const value = this.state.get<unknown>(REVISIONS_STATE);
    const pairs = Array.isArray(value)
      ? value.filter((p): p is [string, string] => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string')
      : [];
    return new Map(pairs);
  }

  private async remember(key: string, revision: string): Promise<void> {
    const entries = [...this.remembered()].filter(([k]) => k !== key);
    entries.push([key, revision]);
    await this.state.update(REVISIONS_STATE, entries.slice(-MAX_REMEMBERED));
  }
}

/** Runs git in `root` on objects only: no pager, no fsmonitor, no optional locks. */
function git(root: vscode.Uri, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['--no-pager', '-c', 'core.fsmonitor=false', '--no-optional-locks', ...args],
      {
        cwd: root.fsPath,
        encoding: 'buffer',
        maxBuffer: MAX_FILE_BYTES,
        timeout: GIT_TIMEOUT_MS,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
        windowsHide: true,
      },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

// One file's places (a report's findings grouped by range) as they are in the text now. When
// the document is open, the report's lines are mapped onto its text through the file as the
// report scanned it (editor/scannedText, model/lineMap); every change after that moves them
// (model/anchors); when typing settles they are mapped again from the scanned text, so an undo
// clears what an edit marked changed. Without the scanned text (no git, another branch,
// Restricted Mode) the report's lines are taken as they are and then tracked.
import * as vscode from 'vscode';
import { requireBundle } from '../common/lazyBundle';
import { Anchors, type LineRange, type TextChange } from '../model/anchors';
import type { ScannedText } from './scannedText';
import { errorMessage } from '../common/errors';

/** Column standing for "the end of the line" until the line's text is known. */
export const LINE_END = 0x7fffffff;

/** How the places were put where they are, for the hover and the log. */
export type Basis =
  | { readonly kind: 'report' }
  | { readonly kind: 'scan'; readonly revision: string }
  | { readonly kind: 'unmapped'; readonly reason: string };

type LineMapModule = typeof import('../model/lineMap');
let lineMaps: LineMapModule | undefined;

export class TrackedFile {
  private anchors: Anchors;
  /** 1 where the place could not be found in the text (past its end). */
  private lost: Uint8Array;
  private basisNow: Basis = { kind: 'report' };
  /** The document version the anchors describe; undefined until placed in an open document. */
  private version: number | undefined;
  private scanned: ScannedText | undefined;
  /** The document version the last mapping from the scanned text described. */
  private mappedVersion: number | undefined;

  constructor(
    readonly uri: vscode.Uri,
    /** Each place's range as the report gives it. */
    readonly reported: readonly LineRange[],
  ) {
    this.anchors = new Anchors(reported);
    this.lost = new Uint8Array(reported.length);
  }

  get basis(): Basis {
    return this.basisNow;
  }

  /** Whether the places follow an open document. */
  get placed(): boolean {
    return this.version !== undefined;
  }

  range(i: number): vscode.Range {
    const r = this.anchors.range(i);
    return new vscode.Range(r.startLine, r.startCharacter, r.endLine, r.endCharacter);
  }

  changed(i: number): boolean {
    return this.anchors.changed(i);
  }

  /** The place's code is not in the file (its line is past the end): listed, not placed. */
  isLost(i: number): boolean {
    return this.lost[i] === 1;
  }

  /** Places the report's lines in the document as its text is now. */
  place(document: vscode.TextDocument, scanned: ScannedText): void {
    this.scanned = scanned;
    const text = document.getText();
    let map: ReturnType<LineMapModule['LineMap']['between']> | undefined;
    if (scanned.kind === 'text') {
      try {
        lineMaps ??= requireBundle<LineMapModule>('lines.js');
        map = lineMaps.LineMap.between(scanned.text, text);
        this.basisNow = { kind: 'scan', revision: scanned.revision };
      } catch (e) {
        this.basisNow = { kind: 'unmapped', reason: `the comparison could not be loaded (${errorMessage(e)})` };
      }
    } else this.basisNow = { kind: 'unmapped', reason: scanned.reason };
    const ranges: LineRange[] = [];
    const changed: boolean[] = [];
    const lost = new Uint8Array(this.reported.length);
    this.reported.forEach((reported, i) => {
      const mapped = map ? map.map(reported) : { range: reported, changed: false };
      if (!mapped || mapped.range.startLine >= document.lineCount) {
        lost[i] = 1;
        ranges.push(reported);
        changed.push(false);
        return;
      }
      ranges.push(clamp(document, mapped.range));
      changed.push(mapped.changed);
    });
    this.anchors = new Anchors(ranges, changed);
    this.lost = lost;
    this.version = document.version;
    this.mappedVersion = document.version;
  }

  /** Moves the places with a change of the open document. */
  track(changes: readonly vscode.TextDocumentContentChangeEvent[], version: number): void {
    if (this.version === undefined) return; // placed from the text when the placing finishes
    const plain: TextChange[] = changes.map(({ range, text }) => ({
      range: {
        startLine: range.start.line,
        startCharacter: range.start.character,
        endLine: range.end.line,
        endCharacter: range.end.character,
      },
      text,
    }));
    this.anchors.apply(plain);
    this.version = version;
  }

  /** Maps again from the scanned text (after typing settled); false when there is none. */
  settle(document: vscode.TextDocument): boolean {
    if (this.scanned?.kind !== 'text' || document.version === this.mappedVersion) return false;
    this.place(document, this.scanned);
    return true;
  }

  /** The document closed: its unsaved text is gone, so the places wait for the next opening. */
  forget(): void {
    this.version = undefined;
  }
}

/** A range inside the document: columns within their lines, "end of line" made exact. */
function clamp(document: vscode.TextDocument, range: LineRange): LineRange {
  const last = document.lineCount - 1;
  const startLine = Math.min(range.startLine, last);
  const endLine = Math.min(Math.max(range.endLine, startLine), last);
  const startLength = document.lineAt(startLine).text.length;
  const endLength = document.lineAt(endLine).text.length;
  const startCharacter = Math.min(range.startCharacter, startLength);
  let endCharacter = Math.min(range.endCharacter, endLength);
  if (endLine === startLine && endCharacter < startCharacter) endCharacter = startLength;
  return { startLine, startCharacter, endLine, endCharacter };
}

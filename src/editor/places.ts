// A place in the code: the findings of one file at the same range, rule and scanner (several
// traces to one sink are one problem), and where the place is now (editor/trackedFile follows
// it through edits). What the Problems panel, hover, quick fixes and insertion read.
import * as vscode from 'vscode';
import type { HeldIssue } from '../model/heldIssue';
import type { LineRange } from '../model/anchors';
import type { CodeLocation } from '../model/locations';
import type { ReportModel } from '../model/report';
import { LINE_END, type Basis, type TrackedFile } from './trackedFile';

export interface Finding {
  readonly reportId: string;
  readonly issue: HeldIssue;
  readonly vendor: string;
  readonly model: ReportModel;
  readonly falsePositive: boolean;
  readonly uri: vscode.Uri;
  /** Where the finding is in the text now (followed through edits), not the report's line. */
  readonly range: vscode.Range;
  /** The place's code was deleted or rewritten since the scan. */
  readonly changed: boolean;
  /** The findings at the same range, of the same rule and scanner (this one included). */
  readonly place: Place;
  /** The other steps of the data-flow trace that are in the workspace, in trace order. */
  readonly related: readonly { readonly uri: vscode.Uri; readonly range: vscode.Range }[];
}

/** Findings of one file at the same range, rule and scanner (several traces to one sink): one problem. */
export interface Place {
  readonly uri: vscode.Uri;
  readonly findings: readonly Finding[];
  readonly range: vscode.Range;
  readonly changed: boolean;
  /** How the place was mapped to the text now (see editor/trackedFile). */
  readonly basis: Basis;
}

export type DraftItem = Omit<Finding, 'range' | 'changed' | 'place'>;

export class PlaceImpl implements Place {
  readonly findings: Finding[] = [];

  constructor(
    readonly uri: vscode.Uri,
    private readonly tracked: TrackedFile,
    private readonly index: number,
  ) {}

  get range(): vscode.Range {
    return this.tracked.range(this.index);
  }

  get changed(): boolean {
    return this.tracked.changed(this.index);
  }

  get lost(): boolean {
    return this.tracked.isLost(this.index);
  }

  get basis(): Basis {
    return this.tracked.basis;
  }
}

/** A place of one finding at a fixed range, followed by nothing (for the bench and tests: no document needed). */
export function fixedPlace(item: DraftItem, range: vscode.Range): Place {
  const place: Place & { findings: Finding[] } = { uri: item.uri, findings: [], range, changed: false, basis: { kind: 'report' } };
  place.findings.push({ ...item, range, changed: false, place });
  return place;
}

/** Lines 1-based → 0-based; a location without columns covers its whole lines. */
export function lineRangeOf(location: CodeLocation): LineRange {
  const startLine = (location.startLine ?? 1) - 1;
  const endLine = (location.endLine ?? location.startLine ?? 1) - 1;
  if (location.startColumn !== undefined && location.endColumn !== undefined)
    return { startLine, startCharacter: location.startColumn - 1, endLine, endCharacter: location.endColumn - 1 };
  return { startLine, startCharacter: 0, endLine, endCharacter: LINE_END };
}

/** The report's range of a location, in the editor's terms (the tree's Open Issue, for a file with no findings placed). */
export function rangeOf(location: CodeLocation): vscode.Range {
  return toRange(lineRangeOf(location));
}

export function toRange(r: LineRange): vscode.Range {
  return new vscode.Range(r.startLine, r.startCharacter, r.endLine, r.endCharacter);
}

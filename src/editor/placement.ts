// Where a suppression comment may go at a line of a document, proven by the parser
// (model/insertion, model/proof) against the document's text and encoding as they are now.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommentSyntax } from '../model/commentSyntax';
import type { InsertionChoice } from '../model/insertion';
import { suppressionCode } from './suppression';
import type { SuppressionComment } from '../model/suppression';
import { loadProver } from './proof';
import { errorMessage } from '../common/errors';

/** The proven insertion for `comment` at `line`, or why there is none. */
export async function placeComment(
  document: vscode.TextDocument,
  line: number,
  syntax: CommentSyntax,
  comment: SuppressionComment,
  fpId: string,
): Promise<InsertionChoice> {
  if (!comment.ok) return { kind: 'refuse', reason: comment.reason, summaryRefused: comment.summaryRefused === true };
  let prover;
  if (syntax.parser) {
    try {
      prover = loadProver();
    } catch (e) {
      return {
        kind: 'refuse',
        reason: l10n.t('the parser that proves the comment harmless could not be loaded ({0}); reinstall the extension', errorMessage(e)),
        summaryRefused: false,
      };
    }
  }
  const encoding = document.encoding;
  // UTF-8 and UTF-16 never turn a character into an ASCII byte; other encodings may.
  const legacy = !/^utf(?:8|-8|8bom|16le|16be)$/i.test(encoding);
  return suppressionCode()
    .chooseInsertion({
      text: document.getText(),
      line,
      eol: document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n',
      syntax,
      candidates: comment.candidates,
      prover,
      encode: legacy ? (text) => Promise.resolve(vscode.workspace.encode(text, { encoding })) : undefined,
      encoding,
      fpId,
    })
    .catch((e: unknown) => ({
      kind: 'refuse' as const,
      reason: l10n.t('the file could not be checked ({0}), so nothing was inserted', errorMessage(e)),
      summaryRefused: false,
    }));
}

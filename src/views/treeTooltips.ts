// A tree row's tooltip, resolved on hover. For a false positive its short summary and its
// explanation are fetched first: a request each per hovered FP (kept by the store and by the
// explanation source), never one per row; each wait is capped, because the editor also resolves
// on click and a click must not wait on the network.
import type * as vscode from 'vscode';
import { explain, stillLoading, type Explanation, type ExplanationSource } from '../editor/explanations';
import type { ReportStore } from '../editor/reportStore';
import { isFalsePositive } from '../model/issue';
import { commandFor, tooltipFor, type IssueNode, type Node } from './nodes';

/** How long a tooltip waits for an FP's short summary, or its explanation, before showing without it. */
const SUMMARY_WAIT_MS = 1_500;

export class TreeTooltips {
  constructor(
    private readonly store: ReportStore,
    /** False positives' explanations: the model does not keep their text. */
    private readonly explanations: ExplanationSource,
    /** Redraws a row whose explanation arrived after its tooltip was shown. */
    private readonly redraw: (node: Node) => void,
  ) {}

  /** The row's tooltip and its click command (see nodes.ts commandFor). */
  async resolve(item: vscode.TreeItem, node: Node, token?: vscode.CancellationToken): Promise<vscode.TreeItem> {
    item.command ??= commandFor(node);
    if (item.tooltip === undefined && node.kind === 'issue' && isFalsePositive(node.issue)) {
      // A slower summary still arrives (memoised) for the next hover and the row's description.
      const fpId = node.issue.fpId;
      const summary =
        node.summary ??
        (fpId
          ? Promise.race([
              this.store.fpSummary(fpId).then(
                (s) => s.text,
                () => undefined, // the tooltip still shows the full explanation; the failure went to the log and a notification
              ),
              new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SUMMARY_WAIT_MS)),
            ])
          : undefined);
      const [text, explanation] = await Promise.all([summary, this.explanationOf(node, token)]);
      if (token?.isCancellationRequested) return item;
      node = { ...node, summary: text, explanation };
    }
    item.tooltip ??= tooltipFor(node);
    return item;
  }

  /**
   * A false positive's explanation for its tooltip, capped like the summary. One that arrives
   * later redraws the row, so the next hover resolves again and finds it kept.
   */
  private async explanationOf(node: IssueNode, token?: vscode.CancellationToken): Promise<Explanation> {
    const controller = new AbortController();
    const cancel = token?.onCancellationRequested(() => controller.abort());
    const pending = explain(this.explanations, node.reportId, node.issue, controller.signal).finally(() => cancel?.dispose());
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), SUMMARY_WAIT_MS)));
    const first = await Promise.race([pending, late]);
    clearTimeout(timer);
    if (first) return first;
    void pending.then((e) => e.kind !== 'unavailable' && this.redraw(node));
    return stillLoading(SUMMARY_WAIT_MS);
  }
}

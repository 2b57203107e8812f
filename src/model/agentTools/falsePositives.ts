// get_fp_summary and suppression_comment: a false positive's short explanation, and the
// comment that marks it in the source, written exactly as the CLI's `suppression-comment`
// writes it (suppressionComment.ts) with the same refusals.
import { codePointLength, SUMMARY_MAX_CODE_POINTS } from '../../common/text';
import type { FixReportsSource } from './source';
import { suppressionComment, SuppressionRefusal, type SuppressionInputNames } from './suppressionComment';
import { defineTool, ToolRefusal, type AgentTool, type ToolHooks } from './tool';

const fpId = {
  kind: 'uuid',
  required: true,
  description: 'The false-positive id (fpId) of an issue.',
  hint: 'find_issues gives it on issues whose falsePositive is true.',
} as const;

/** The tool's arguments that supply each template value. */
const TOOL_INPUTS: SuppressionInputNames = {
  sources: { vendor: 'fixReportId', issueType: 'fixReportId', vendorIssueId: 'fixReportId' },
};

export function fpSummaryTool(source: FixReportsSource, hooks?: ToolHooks): AgentTool {
  return defineTool(
    {
      name: 'get_fp_summary',
      title: 'Get a false-positive summary',
      description: `Reads the short summary (at most ${SUMMARY_MAX_CODE_POINTS} characters) of why a scanner issue is a false positive: the text for a suppression comment, a ticket or a review note.`,
      input: { fpId },
      output: {
        properties: {
          fpId: { type: 'string' },
          summary: { type: 'string' },
          length: { type: 'integer', description: 'In characters (code points), before escaping.' },
          truncated: {
            type: 'boolean',
            description: `The service sent more than ${SUMMARY_MAX_CODE_POINTS} characters; cut on a word boundary.`,
          },
        },
        required: ['fpId', 'summary', 'length', 'truncated'],
      },
      async run(args, { signal }) {
        const summary = await source.fpSummary(args.fpId, signal);
        return { fpId: summary.fpId, summary: summary.text, length: codePointLength(summary.text), truncated: summary.truncated };
      },
    },
    hooks,
  );
}

export function suppressionCommentTool(source: FixReportsSource, hooks?: ToolHooks): AgentTool {
  return defineTool(
    {
      name: 'suppression_comment',
      title: 'Write a suppression comment',
      description:
        "Writes the one comment line that marks a false positive in source code, in the language's comment syntax and, when the scanner is known (pass fixReportId), the scanner's own suppression syntax (NOSONAR, nosemgrep, codeql[…], deepcode ignore); without it the comment is vendor-neutral. The text is checked by the same sanitizer as the CLI's suppression-comment, which refuses a summary it cannot write safely. Insert `comment` on the line above the finding or at its end, as `placement` says.",
      input: {
        fpId,
        languageId: {
          kind: 'text',
          maxLength: 100,
          required: true,
          description: 'The VS Code language id of the file, e.g. python, typescript, java, go, csharp, html.',
        },
        fixReportId: {
          kind: 'uuid',
          description: "The report of the issue: gives the scanner and the issue's rule id and type for the scanner's own syntax.",
          hint: 'list_fix_reports gives the ids.',
        },
      },
      output: {
        properties: {
          fpId: { type: 'string' },
          languageId: { type: 'string' },
          placement: { type: 'string', enum: ['line-above', 'end-of-line'] },
          comment: { type: 'string' },
          warnings: { type: 'array', items: { type: 'string' } },
        },
        required: ['fpId', 'languageId', 'placement', 'comment', 'warnings'],
      },
      async run(args, { signal }) {
        const warnings: string[] = [];
        const warn = (message: string) => {
          if (warnings.length < 5) warnings.push(message);
        };
        try {
          const result = await suppressionComment(source, args, TOOL_INPUTS, { signal, warn });
          return { ...result, warnings };
        } catch (e) {
          if (e instanceof SuppressionRefusal) throw new ToolRefusal(e.message);
          throw e;
        }
      },
    },
    hooks,
  );
}

// The rules of a SARIF run (tool.driver.rules): one reportingDescriptor per rule id its results
// name, entered on first sight so each result can carry its ruleIndex as it is written. GitHub
// code scanning requires the array and, for each rule, a short and a full description and help
// text; `security-severity` makes its results security alerts. A rule's severity is that of its
// most severe result. The table holds what the descriptors need, never the issues, and at most
// `maxRules` rules of at most `maxTags` tags each, so it stays bounded whatever the service sends.
import type { Issue } from '../../api/schemas';
import { readableVendor } from '../../common/scanners';
import { cleanText, oneLine, truncate } from '../../common/text';
import { readableIssueType } from '../format';
import { SARIF_LEVELS, securitySeverity, type SarifLevel } from './sarif';

export interface RuleLimits {
  /** Rules in a run (GitHub: 25,000); a result naming a rule beyond it has no ruleIndex. */
  readonly maxRules: number;
  /** Tags on a rule (GitHub: 20), `security` included. */
  readonly maxTags: number;
}

/** GitHub's display limits on a rule's text (code points). */
const NAME_MAX = 255;
const DESCRIPTION_MAX = 1024;
/** A tag is an issue type; longer text is not a label anyone filters by. */
const TAG_MAX = 100;
/** Rule ids longer than this get no rule entry: the table must not hold megabytes per rule. */
const RULE_ID_MAX = 1024;

interface Rule {
  readonly id: string;
  /** The first issue type seen for the rule (its name and descriptions). */
  readonly issueType: string | null;
  /** Issue types seen, cleaned, at most maxTags - 1 (with `security`). */
  readonly types: Set<string>;
  /** The issue type of the rule's latest result, as sent: the same again needs no cleaning (the set only grows). */
  lastType?: string | null;
  /** Its most severe result, as an index into SARIF_LEVELS. */
  rank: number;
}

export class SarifRules {
  private readonly rules: Rule[] = [];
  private readonly byId = new Map<string, number>();
  /** Results whose rule got no entry (over maxRules, or an over-long id). */
  unlisted = 0;

  constructor(
    private readonly vendor: string | null | undefined,
    private readonly limits: RuleLimits,
  ) {}

  get size(): number {
    return this.rules.length;
  }

  /** The index of the result's rule, entered on first sight; undefined when it gets no entry. */
  index(ruleId: string | undefined, issue: Issue, level: SarifLevel): number | undefined {
    if (ruleId === undefined) return undefined;
    let index = this.byId.get(ruleId);
    if (index === undefined) {
      if (this.rules.length >= this.limits.maxRules || ruleId.length > RULE_ID_MAX) {
        this.unlisted++;
        return undefined;
      }
      index = this.rules.length;
      this.rules.push({ id: ruleId, issueType: issue.issueType, types: new Set(), rank: SARIF_LEVELS.length - 1 });
      this.byId.set(ruleId, index);
    }
    const rule = this.rules[index]!;
    rule.rank = Math.min(rule.rank, SARIF_LEVELS.indexOf(level));
    if (issue.issueType === rule.lastType) return index;
    rule.lastType = issue.issueType;
    const type = typeof issue.issueType === 'string' ? truncate(cleanText(issue.issueType), TAG_MAX) : '';
    if (type !== '' && type !== 'security' && rule.types.size < this.limits.maxTags - 1) rule.types.add(type);
    return index;
  }

  /** The reportingDescriptors, in index order. */
  descriptors(): Record<string, unknown>[] {
    const scanner = readableVendor(this.vendor);
    return this.rules.map((rule) => {
      const type = readableIssueType(rule.issueType);
      const id = oneLine(rule.id, 200);
      const name = typeof rule.issueType === 'string' ? truncate(cleanText(rule.issueType), NAME_MAX) : '';
      const level = SARIF_LEVELS[rule.rank]!;
      return {
        id: rule.id,
        // SARIF asks for a name that differs from the id (SARIF1001); without one, none.
        ...(name !== '' && name !== rule.id ? { name } : {}),
        shortDescription: { text: truncate(type, DESCRIPTION_MAX) },
        fullDescription: { text: truncate(`${type}: reported by ${scanner} as rule ${id}.`, DESCRIPTION_MAX) },
        help: {
          text:
            `${type}, reported by ${scanner} (rule ${id}). Exported by Security Fix Reports from a fix report: ` +
            'the report may hold a fix for it, and a false positive comes with its reason as an accepted suppression.',
        },
        defaultConfiguration: { level },
        properties: {
          tags: this.limits.maxTags < 1 ? [] : ['security', ...rule.types].slice(0, this.limits.maxTags),
          'security-severity': securitySeverity(level),
        },
      };
    });
  }
}

// What the held-issue and model tests compare a held issue by.
import type { HeldIssue } from '../../../src/model/heldIssue';

/** The fields a held issue shares with the wire issue. */
export function kept(held: HeldIssue) {
  return {
    id: held.id,
    vendorIssueId: held.vendorIssueId,
    issueType: held.issueType,
    severity: held.severity,
    issueLanguage: held.issueLanguage,
    state: held.state,
    fingerprintHash: held.fingerprintHash,
    vulnerabilityReportIssueTags: held.vulnerabilityReportIssueTags,
    fpId: held.fpId,
    codeNodes: held.codeNodes,
    codeFilePath: held.codeFilePath,
  };
}

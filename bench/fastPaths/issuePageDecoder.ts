// The plain alternative to src/api/issuePageDecoder.ts, for bench/cases/fastPaths.ts: no
// fast path, so src/api/responses.ts decodes every page with IssuePageBodySchema (valibot).
import type { IssuePageBody } from '../../src/api/schemas';

export function decodeIssuePageFast(_value: unknown): IssuePageBody | undefined {
  return undefined;
}

// The doctor's steps over HTTP, through the product's own client (FixReportsClient: its
// transport, caps, decoding and errors), so a failure here is the failure the product would
// show. Bounded: the list, one report's detail, the first page of its issues and one FP
// summary at most — never every page, and no retries (each step shows its first attempt).
import { counted, oneLine } from '../../common/text';
import { FixReportsClient } from '../client';
import { ServiceError } from '../errors';
import type { FixReportSummary, Issue } from '../schemas';
import { failure, type StepLog } from './steps';
import type { DoctorInput } from './types';

type EndpointStep = 'list' | 'key-accepted' | 'report' | 'issues' | 'fp-summary';

const NAMES: Readonly<Record<EndpointStep, string>> = {
  list: 'GET api/rest/fix-reports',
  'key-accepted': 'Key accepted',
  report: 'GET api/rest/fix-reports/{id}',
  issues: 'GET api/rest/v5/issues',
  'fp-summary': 'GET api/rest/fp-summary',
};

/** Skips every endpoint step not run yet, with the reason. */
export function skipEndpoints(log: StepLog, why: string): void {
  for (const id of Object.keys(NAMES) as EndpointStep[]) if (log.status(id) === undefined) log.skip(id, NAMES[id], why);
}

export async function checkEndpoints(input: DoctorInput, log: StepLog, url: URL, key: string, timeoutMs: number): Promise<void> {
  let client: FixReportsClient;
  try {
    client = new FixReportsClient({
      baseUrl: url.href,
      key,
      timeoutMs,
      retry: { retries: 0 },
      network: input.network,
      logger: input.logger,
      userAgent: input.userAgent,
    });
  } catch (e) {
    await log.run('list', NAMES.list, () => failure(e));
    return skipEndpoints(log, 'the client could not be set up');
  }
  try {
    await askEndpoints(input, log, client);
  } finally {
    await (input.signal?.aborted ? client.destroy() : client.close());
  }
}

async function askEndpoints(input: DoctorInput, log: StepLog, client: FixReportsClient): Promise<void> {
  const { signal } = input;
  let reports: FixReportSummary[] | undefined;
  let listError: unknown;
  await log.run('list', NAMES.list, async () => {
    try {
      reports = await client.listReports(signal);
      return { status: 'ok', detail: `${counted(reports.length, 'report')} listed` };
    } catch (e) {
      listError = e;
      return failure(e);
    }
  });
  await log.run('key-accepted', NAMES['key-accepted'], () => {
    if (reports) return { status: 'ok', detail: 'accepted: the service answered the list of reports' };
    if (listError instanceof ServiceError && listError.kind === 'auth') {
      const detail =
        listError.status === 403
          ? "rejected with HTTP 403: the service knows the key but refuses it access (its permissions or scope); ask the service's administrators"
          : `rejected with HTTP ${listError.status ?? 401}: the service does not accept this key (wrong, revoked or expired, or another service's). ${input.howTo.key}`;
      return { status: 'fail', detail, failure: 'auth' };
    }
    return { status: 'skipped', detail: 'the list request failed for another reason, so the key was not judged' };
  });
  if (!reports) return skipEndpoints(log, 'the list of reports failed');
  const report = reports[0];
  if (!report) return skipEndpoints(log, 'the service lists no reports');
  const reportId = oneLine(report.id, 80);
  await log.run('report', NAMES.report, async () => {
    const detail = await client.getReport(report.id, signal);
    return { status: 'ok', detail: `report ${reportId} (the first listed): ${counted(detail.fixes.length, 'fix', 'fixes')}` };
  });
  let falsePositive: Issue | undefined;
  let shown = 0;
  await log.run('issues', NAMES.issues, async () => {
    const pages = client.issuePages({ fixReportId: report.id }, { signal });
    try {
      const first = await pages.next();
      const page = first.done ? undefined : first.value;
      shown = page?.issues.length ?? 0;
      falsePositive = page?.issues.find((issue) => issue.fpId);
      const more = page?.hasNextPage ? 'more pages follow (not fetched)' : 'the only page';
      return { status: 'ok', detail: `first page of report ${reportId}: ${counted(shown, 'issue')}, ${more}` };
    } finally {
      await pages.return(undefined); // stops paging: a request for the next page is cancelled
    }
  });
  if (log.status('issues') !== 'ok') return void log.skip('fp-summary', NAMES['fp-summary'], 'the page of issues failed');
  const fpId = falsePositive?.fpId;
  if (!fpId) {
    log.skip(
      'fp-summary',
      NAMES['fp-summary'],
      `no false positive among the ${counted(shown, 'issue')} of that page: none to ask about cheaply`,
    );
    return;
  }
  await log.run('fp-summary', NAMES['fp-summary'], async () => {
    const summary = await client.fpSummary(fpId, signal);
    const cut = summary.truncated ? ', cut: the service sent more than 280' : '';
    return {
      status: summary.truncated ? 'warn' : 'ok',
      detail: `false positive ${oneLine(fpId, 80)}: a summary of ${counted(Array.from(summary.text).length, 'character')}${cut}`,
    };
  });
}

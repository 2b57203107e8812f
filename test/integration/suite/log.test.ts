// The key never appears in the extension's log, its error messages or its tooltips, after a
// run full of failures: a wrong key, HTTP 500s (one echoing the key back), a 503 retried,
// a reset connection, a timeout. A root hook re-reads the whole log after every suite ran.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { Node } from '../../../src/views/nodes';
import type { Sandbox } from '../../../tools/sandbox/server';
import { CommandId, closeMainSandbox, connectTo, extensionApi, keysUsed, quiet, sandbox, setUserSetting, waitFor } from './support';

const WRONG_KEY = 'sfr-wrong-key-for-the-log-0c4e9a';

function assertNoKey(text: string, where: string): void {
  for (const key of keysUsed) assert.ok(!text.includes(key), `${where} contains a key (${key.slice(0, 8)}…)`);
}

async function assertLogClean(): Promise<void> {
  const { services } = await extensionApi();
  const lines = services.log.lines();
  assert.ok(lines.length > 0);
  lines.forEach((line, i) => assertNoKey(line, `log line ${i}: ${line.slice(0, 80)}`));
}

/** Every tooltip and label the tree can show right now, expanded two levels deep. */
async function visibleText(): Promise<string[]> {
  const { tree } = (await extensionApi()).services;
  const texts: string[] = [];
  const visit = async (node: Node | undefined, depth: number) => {
    const children = await tree.getChildren(node);
    for (const child of children) {
      const item = await tree.resolveTreeItem(tree.getTreeItem(child), child);
      texts.push(String(typeof item.label === 'string' ? item.label : item.label?.label), String(item.description ?? ''));
      const tip = item.tooltip;
      texts.push(typeof tip === 'string' ? tip : (tip?.value ?? ''));
      if (depth < 2) await visit(child, depth + 1);
    }
  };
  await visit(undefined, 0);
  return texts;
}

describe('the key never reaches the log', () => {
  let service: Sandbox;

  before(async () => {
    keysUsed.add(WRONG_KEY);
    service = await sandbox({ dataset: { seed: 11, reports: 3 } });
  });

  after(async () => {
    await setUserSetting('securityFixReports.requestTimeoutSeconds', undefined);
    await setUserSetting('securityFixReports.countsPrefetch', undefined);
    await vscode.commands.executeCommand('notifications.clearAll');
    await service.close();
  });

  it('after a wrong key, HTTP 500s, a retried 503, a reset and a timeout', async function () {
    this.timeout(60_000);
    const { services } = await extensionApi();
    const { store } = services;
    await setUserSetting('securityFixReports.baseURL', service.baseUrl);
    await waitFor(() => services.connection.origin === service.origin, 'the origin');

    // A wrong key: rejected with 401 (the client never registered it as a secret to redact).
    assert.equal(await vscode.commands.executeCommand(CommandId.SetServiceKey, { key: WRONG_KEY }), false);
    await connectTo(service);
    const errors: string[] = [];
    // Each fault below is meant for the request named next to it, not for the counts prefetch.
    await setUserSetting('securityFixReports.countsPrefetch', 0);
    await waitFor(() => services.connection.settings.countsPrefetch === 0, 'countsPrefetch 0');

    // HTTP 500 on the list, then a 500 whose body echoes the key back.
    service.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'status', status: 500 } });
    store.reset();
    await assert.rejects(store.reports(), (e: Error) => {
      errors.push(e.message);
      return true;
    });
    service.faults.add({
      route: 'fix-reports',
      times: 1,
      fault: { kind: 'status', status: 500, body: JSON.stringify({ error: `upstream rejected x-service-key ${service.key}` }) },
    });
    store.reset();
    const roots = await services.tree.getChildren();
    assert.equal(roots[0]?.kind, 'message', 'the tree shows the error in place of the reports');
    const errorItem = services.tree.getTreeItem(roots[0]!);
    errors.push(String(errorItem.label), String(errorItem.tooltip));

    // A 503 that is retried, then a reset connection retried.
    service.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'status', status: 503, retryAfter: '0' } });
    service.faults.add({ route: 'fix-report', times: 1, fault: { kind: 'reset' } });
    store.reset();
    const reports = await store.reports();
    await store.report(reports[0]!.id);
    await store.issuesSettled(reports[0]!.id);

    // A timeout: headers never arrive within the (1 s) request timeout.
    await setUserSetting('securityFixReports.requestTimeoutSeconds', 1);
    await waitFor(() => services.connection.settings.timeoutMs === 1000, 'the 1 s timeout');
    await quiet();
    // A report not loaded yet (the current reports of every scanner are loaded for the Problems panel).
    const unloaded = reports.find((r) => !store.entry(r.id)?.model)!;
    assert.ok(unloaded, 'a report whose detail is not loaded');
    service.faults.add({ route: 'fix-report', times: 1, fault: { kind: 'slow-headers', ms: 3000 } });
    await assert.rejects(store.report(unloaded.id), (e: Error) => {
      errors.push(e.message);
      return true;
    });
    service.faults.clear();

    const lines = services.log.lines().join('\n');
    assert.match(lines, /HTTP 500/, 'the 500s were logged');
    assert.match(lines, /HTTP 503.*retry/s, 'the retried 503 was logged');
    assert.match(lines, /within 1 s/, 'the timeout was logged');
    assert.ok(errors.length >= 3);
    errors.forEach((message, i) => assertNoKey(message, `error message ${i}: ${message.slice(0, 80)}`));
    await assertLogClean();
    (await visibleText()).forEach((text, i) => assertNoKey(text, `tree text ${i}`));
  });
});

// Root hook: after every suite, the whole log (everything this extension host logged) is clean.
// It also leaves user settings as it found them (test-electron keeps its profile between runs).
after('no key used anywhere in the run reached the log', async () => {
  await assertLogClean();
  await closeMainSandbox();
  for (const name of [
    'securityFixReports.baseURL',
    'securityFixReports.baseUrl',
    'securityFixReports.issuesPerLoad',
    'securityFixReports.countsPrefetch',
    'securityFixReports.requestTimeoutSeconds',
    'http.proxy',
  ]) {
    await setUserSetting(name, undefined);
  }
});

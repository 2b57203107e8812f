// "Check Connection": the connection doctor (api/doctor) with what the extension itself uses —
// the base URL and CA file from user settings, the key from SecretStorage for the base URL's
// origin, the proxy from the editor's http.proxy settings (else the environment) — run with a
// progress notification, shown as a read-only document, with Copy Report on the notification
// that states the verdict and in the document's title bar. Returns the report's text (tests).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import type { Configured, DoctorReport } from '../api/doctor/types';
import { errorMessage } from '../common/errors';
import { requireBundle } from '../common/lazyBundle';
import { SECTION, Setting } from '../common/manifest';
import { messageText } from '../common/text';
import { readSettings } from '../editor/settings';
import { connectionReport } from '../views/connectionReport';
import { copyReport } from './copyConnectionReport';
import type { Services } from './services';

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

type Doctor = typeof import('../api/doctor/bundle');
let doctor: Doctor | undefined;

/** The doctor, from dist/doctor.js on the first check (api/doctor/bundle.ts). */
function loadDoctor(): Doctor {
  doctor ??= requireBundle<Doctor>('doctor.js');
  return doctor;
}

export function checkConnection(s: Services) {
  // Reached from the view's menu, an error row (its node is the argument) or the palette: no argument is used.
  return async (): Promise<string> => {
    let runDoctor: Doctor['runDoctor'];
    let doctorText: Doctor['doctorText'];
    try {
      ({ runDoctor, doctorText } = loadDoctor());
    } catch (e) {
      const message = l10n.t('Check Connection could not load its code (dist/doctor.js): {0}. Reinstall the extension.', errorMessage(e));
      s.log.error(message);
      void vscode.window.showErrorMessage(messageText(message));
      return message;
    }
    const { settings, ignored, problems } = readSettings();
    const key = await storedKey(s, settings.baseUrl);
    const caPath = vscode.workspace.getConfiguration(SECTION).inspect<string>(Setting.CertificateAuthoritiesFile)?.globalValue?.trim();
    const version = (s.context.extension.packageJSON as { version?: string }).version ?? 'dev';
    const report = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: l10n.t('Security Fix Reports: checking the connection'),
        cancellable: true,
      },
      (progress, token) => {
        const controller = new AbortController();
        const cancel = token.onCancellationRequested(() => controller.abort());
        /* eslint-disable no-restricted-syntax -- what the doctor is given goes into its report, in English like the CLI's doctor (api/doctor): a ticket's text */
        return runDoctor({
          baseUrl: { value: settings.baseUrl || undefined, source: `the user setting ${SECTION}.${Setting.BaseUrl}` },
          key,
          network: settings.network,
          proxySource: proxySource(settings.network.strictSSL === false),
          caFile: caPath ? { path: caPath, problem: problems.length > 0 ? problems.join(' ') : undefined } : undefined,
          howTo: {
            baseUrl: 'Run "Security Fix Reports: Set Base URL".',
            key: 'Run "Security Fix Reports: Set Service Key".',
            caFile: `the user setting ${SECTION}.${Setting.CertificateAuthoritiesFile}`,
            proxy: 'the editor settings http.proxy, http.noProxy and http.proxyStrictSSL, else HTTPS_PROXY and NO_PROXY',
          },
          environment: [
            ['Product', `Security Fix Reports extension ${version}`],
            ['Editor', `${vscode.env.appName} ${vscode.version}${vscode.env.remoteName ? `, remote: ${vscode.env.remoteName}` : ''}`],
            ...(ignored.length > 0
              ? [['Ignored', `workspace values of ${ignored.join(', ')} (user settings only)`] as [string, string]]
              : []),
          ],
          /* eslint-enable no-restricted-syntax */
          stepTimeoutMs: settings.timeoutMs,
          userAgent: `security-fix-reports-vscode/${version}`,
          logger: s.log,
          signal: controller.signal,
          onStep: (name) => progress.report({ message: name }),
        }).finally(() => cancel.dispose());
      },
    );
    const text = doctorText(report, key.value);
    s.log.info(`Check Connection: ${report.verdict.summary}`);
    await vscode.window.showTextDocument(connectionReport().update(text), { preview: false });
    void announce(report);
    return text;
  };
}

// The two helpers below word the doctor's report too: English, as above.
/* eslint-disable no-restricted-syntax -- what the doctor is given goes into its report, in English like the CLI's doctor (api/doctor): a ticket's text */

/** The key stored for the base URL's origin; where else keys are stored when there is none (origins are not secret). */
async function storedKey(s: Services, baseUrl: string): Promise<Configured> {
  let origin: string | undefined;
  try {
    origin = baseUrl ? parseBaseUrl(baseUrl).origin : undefined;
  } catch {
    origin = undefined; // the doctor reports why
  }
  const value = origin ? await s.keys.get(origin) : undefined;
  const others = s.keys.origins().filter((o) => o !== origin);
  const elsewhere = !value && others.length > 0 ? `; keys are stored for ${others.slice(0, 5).join(', ')} only` : '';
  return { value, source: `the editor's secret storage${origin ? `, for ${origin}` : ''}${elsewhere}` };
}

/** Which of the editor's settings and the environment's variables the proxy settings come from. */
function proxySource(lax: boolean): string {
  const http = vscode.workspace.getConfiguration('http');
  const set = (name: string) => http.inspect(name)?.globalValue !== undefined;
  const parts = [
    ...(set('proxy')
      ? ['http.proxy']
      : PROXY_VARIABLES.slice(0, 4).filter((name) => Object.hasOwn(process.env, name) && process.env[name])),
    ...(set('noProxy')
      ? ['http.noProxy']
      : PROXY_VARIABLES.slice(4).filter((name) => Object.hasOwn(process.env, name) && process.env[name])),
    ...(lax ? ['http.proxyStrictSSL false'] : []),
  ];
  return parts.length > 0 ? `from ${parts.join(', ')}` : 'neither http.proxy nor HTTPS_PROXY, HTTP_PROXY or NO_PROXY is set';
}
/* eslint-enable no-restricted-syntax */

/** The verdict as a notification (not awaited: the command returns once the report is shown). */
async function announce(report: DoctorReport): Promise<void> {
  const message = messageText(l10n.t('Connection check: {0}', report.verdict.summary));
  const copy = l10n.t('Copy Report');
  const { status } = report.verdict;
  const choice = await (status === 'ok'
    ? vscode.window.showInformationMessage(message, copy)
    : status === 'warn'
      ? vscode.window.showWarningMessage(message, copy)
      : vscode.window.showErrorMessage(message, copy));
  if (choice === copy) await copyReport();
}

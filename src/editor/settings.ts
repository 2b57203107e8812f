// The extension's settings. Those that decide where traffic (and so the key) goes are read
// from the user level only: a repository's .vscode/settings.json must never be able to point
// the extension at another server (the setting is also `"scope": "application"`).
import * as vscode from 'vscode';
import type { NetworkOptions } from '../api/network';
import { readCaFile } from '../api/network';
import { levelTable, type Level } from '../model/severity';
import type { SuppressionSettings, SuppressionStyle } from '../model/suppression';
import { LEGACY_BASE_URL, SECTION, Setting, type UserLevelKey } from '../common/manifest';

interface FindingsSettings {
  /** False positives as hints, or not shown, in the Problems panel and the editor. */
  falsePositives: 'hint' | 'hide';
  /** Service severity (lower-case) → level, over model/severity's default table. */
  severity: Record<string, Level>;
}

export interface Settings {
  baseUrl: string;
  findings: FindingsSettings;
  timeoutMs: number;
  autoRefreshMinutes: number;
  issuesPerLoad: number;
  /** Reports whose detail is fetched after listing, for the counts on their rows. */
  countsPrefetch: number;
  /** The on-disk report cache (warm start); `"scope": "application"`, so a workspace cannot turn it on. */
  cache: { enabled: boolean; maxBytes: number };
  /** Fix Insights measures at most this many reports of a scope, the most recent. */
  insightsMaxReports: number;
  suppression: SuppressionSettings;
  network: NetworkOptions;
}

export interface SettingsReport {
  settings: Settings;
  /** Workspace-level values of user-level-only settings that were ignored. */
  ignored: string[];
  /** Problems reading settings (an unreadable CA file), for the log. */
  problems: string[];
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): SettingsReport {
  const config = vscode.workspace.getConfiguration(SECTION);
  const ignored: string[] = [];
  const problems: string[] = [];
  const userLevel = <T>(key: UserLevelKey, fallback: T): T => {
    const inspected = config.inspect<T>(key);
    if (inspected && (inspected.workspaceValue !== undefined || inspected.workspaceFolderValue !== undefined))
      ignored.push(`${SECTION}.${key}`);
    return inspected?.globalValue ?? inspected?.defaultValue ?? fallback;
  };
  // Until the activation moved it (migrateLegacyBaseUrl), an address may still be under the old name.
  const legacy = config.inspect<string>(LEGACY_BASE_URL);
  if (legacy && (legacy.workspaceValue !== undefined || legacy.workspaceFolderValue !== undefined))
    ignored.push(`${SECTION}.${LEGACY_BASE_URL}`);
  const baseUrl = (userLevel<string>(Setting.BaseUrl, '') || legacy?.globalValue || '').trim();
  const caFile = userLevel<string>(Setting.CaCertificatesFile, '').trim();
  let caCertificates: string[] | undefined;
  if (caFile) {
    try {
      caCertificates = readCaFile(caFile);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return {
    settings: {
      baseUrl,
      timeoutMs: clamp(config.get<number>(Setting.RequestTimeoutSeconds, 30), 1, 600) * 1000,
      autoRefreshMinutes: clamp(config.get<number>(Setting.AutoRefreshMinutes, 0), 0, 24 * 60),
      issuesPerLoad: clamp(config.get<number>(Setting.IssuesPerLoad, 20_000), 1_000, 1_000_000),
      countsPrefetch: clamp(config.get<number>(Setting.CountsPrefetch, 20), 0, 200),
      insightsMaxReports: Math.round(clamp(config.get<number>(Setting.InsightsMaxReports, 200), 1, 5_000)),
      cache: {
        enabled: config.get<boolean>(Setting.CacheEnabled, true) !== false,
        maxBytes: clamp(config.get<number>(Setting.CacheMaxMegabytes, 512), 16, 16_384) * 1024 * 1024,
      },
      suppression: suppressionSettings(config),
      findings: {
        falsePositives: config.get<string>(Setting.FindingsFalsePositives) === 'hide' ? 'hide' : 'hint',
        severity: levelTable(config.get(Setting.FindingsSeverity)),
      },
      network: { ...editorProxy(env), caCertificates },
    },
    ignored,
    problems,
  };
}

/**
 * Moves a base URL from its 0.1 name (`baseUrl`, titled "Base Url" by the Settings UI) to
 * `baseURL`, in user settings, the only level read. Returns what it did, for the log.
 */
export async function migrateLegacyBaseUrl(): Promise<string | undefined> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const legacy = config.inspect<string>(LEGACY_BASE_URL)?.globalValue;
  if (legacy === undefined) return undefined;
  const current = config.inspect<string>(Setting.BaseUrl)?.globalValue;
  if (current === undefined) await config.update(Setting.BaseUrl, legacy, vscode.ConfigurationTarget.Global);
  await config.update(LEGACY_BASE_URL, undefined, vscode.ConfigurationTarget.Global);
  return current === undefined
    ? `Moved ${SECTION}.${LEGACY_BASE_URL} to ${SECTION}.${Setting.BaseUrl} in your user settings (renamed).`
    : `Removed ${SECTION}.${LEGACY_BASE_URL} from your user settings: ${SECTION}.${Setting.BaseUrl} is set and wins.`;
}

function suppressionSettings(config: vscode.WorkspaceConfiguration): SuppressionSettings {
  return {
    byVendor: styleMap(config.get(Setting.SuppressionByVendor)),
    byLanguage: styleMap(config.get(Setting.SuppressionByLanguage)),
    default: styleOf(config.get(Setting.SuppressionDefault)),
  };
}

/** Keys from JSON the user edits are defined as own entries: assigning `__proto__` would set the
 * map's prototype instead. */
function styleMap(value: unknown): Record<string, Partial<SuppressionStyle>> {
  const out: Record<string, Partial<SuppressionStyle>> = {};
  if (value && typeof value === 'object') {
    for (const [key, style] of Object.entries(value)) {
      const parsed = styleOf(style);
      if (parsed) Object.defineProperty(out, key.toLowerCase(), { value: parsed, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

function styleOf(value: unknown): Partial<SuppressionStyle> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { template, placement } = value as Record<string, unknown>;
  const style: Partial<SuppressionStyle> = {};
  if (typeof template === 'string' && template.trim()) style.template = template;
  if (placement === 'line-above' || placement === 'end-of-line') style.placement = placement;
  return style;
}

/**
 * The editor's proxy settings (`http.proxy`, `http.noProxy`, `http.proxyStrictSSL`), applied
 * explicitly so they hold whatever the host does to undici; the environment's proxy
 * variables are the fallback, as in VS Code itself.
 */
function editorProxy(env: NodeJS.ProcessEnv): NetworkOptions {
  const http = vscode.workspace.getConfiguration('http');
  const proxy = (http.inspect<string>('proxy')?.globalValue ?? '').trim();
  const noProxySetting = http.inspect<string[]>('noProxy')?.globalValue ?? [];
  const strictSSL = http.inspect<boolean>('proxyStrictSSL')?.globalValue ?? true;
  const envProxy = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy || '';
  const noProxy = noProxySetting.length > 0 ? noProxySetting.join(',') : env.NO_PROXY || env.no_proxy || '';
  return { proxyUrl: proxy || envProxy || undefined, noProxy: noProxy || undefined, strictSSL };
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}

export function affectsSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return (
    event.affectsConfiguration(SECTION) ||
    event.affectsConfiguration('http.proxy') ||
    event.affectsConfiguration('http.noProxy') ||
    event.affectsConfiguration('http.proxyStrictSSL')
  );
}

// The extension's settings. Those that decide where traffic (and so the key) goes are read
// from the user level only: a repository's .vscode/settings.json must never be able to point
// the extension at another server (the setting is also `"scope": "application"`).
import * as vscode from 'vscode';
import type { NetworkOptions } from '../api/network';
import { readCaFile } from '../api/network';
import { levelTable, type Level } from '../model/severity';
import { HIDDEN_ISSUE_STATES } from '../model/issue';
import type { SuppressionSettings, SuppressionStyle } from '../model/suppression';
import { LEGACY_NAMES, SECTION, Setting, SETTING_DEFAULTS, USER_LEVEL_ONLY, type UserLevelKey } from '../common/manifest';

interface FindingsSettings {
  /** False positives as hints, or not shown, in the Problems panel and the editor. */
  falsePositives: 'hint' | 'hide';
  /** Service severity (lower-case) → level, over model/severity's default table. */
  severity: Record<string, Level>;
  /** Issue states whose findings are not shown (model/issue HIDDEN_ISSUE_STATES by default). */
  hiddenStates: readonly string[];
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
  const userLevel = (key: UserLevelKey): string => {
    const inspected = config.inspect<string>(key);
    // Until the activation moved it (migrateRenamedSettings), a value may still be under the old name.
    const legacy = config.inspect<string>(LEGACY_NAMES[key]);
    for (const [name, found] of [
      [key, inspected],
      [LEGACY_NAMES[key], legacy],
    ] as const) {
      if (found && (found.workspaceValue !== undefined || found.workspaceFolderValue !== undefined)) ignored.push(`${SECTION}.${name}`);
    }
    return (inspected?.globalValue || legacy?.globalValue || inspected?.defaultValue || '').trim();
  };
  const baseUrl = userLevel(Setting.BaseUrl);
  const caFile = userLevel(Setting.CertificateAuthoritiesFile);
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
      timeoutMs: clamp(config.get<number>(Setting.RequestTimeoutSeconds, SETTING_DEFAULTS[Setting.RequestTimeoutSeconds]), 1, 600) * 1000,
      autoRefreshMinutes: clamp(config.get<number>(Setting.AutoRefreshMinutes, SETTING_DEFAULTS[Setting.AutoRefreshMinutes]), 0, 24 * 60),
      issuesPerLoad: clamp(config.get<number>(Setting.IssuesPerLoad, SETTING_DEFAULTS[Setting.IssuesPerLoad]), 1_000, 1_000_000),
      countsPrefetch: clamp(config.get<number>(Setting.CountsPrefetch, SETTING_DEFAULTS[Setting.CountsPrefetch]), 0, 200),
      insightsMaxReports: Math.round(
        clamp(config.get<number>(Setting.InsightsMaxReports, SETTING_DEFAULTS[Setting.InsightsMaxReports]), 1, 5_000),
      ),
      cache: {
        enabled: config.get<boolean>(Setting.CacheEnabled, SETTING_DEFAULTS[Setting.CacheEnabled]) !== false,
        maxBytes:
          clamp(config.get<number>(Setting.CacheMaxMegabytes, SETTING_DEFAULTS[Setting.CacheMaxMegabytes]), 16, 16_384) * 1024 * 1024,
      },
      suppression: suppressionSettings(config),
      findings: {
        falsePositives: config.get<string>(Setting.FindingsFalsePositives) === 'hide' ? 'hide' : 'hint',
        severity: levelTable(config.get(Setting.FindingsSeverity)),
        hiddenStates: stringList(config.get<unknown>(Setting.FindingsHiddenStates), HIDDEN_ISSUE_STATES),
      },
      network: { ...editorProxy(env), caCertificates },
    },
    ignored,
    problems,
  };
}

/**
 * Moves each user-level setting from its earlier name (manifest's LEGACY_NAMES) to the current
 * one, in user settings, the only level read; a value already under the new name wins. Returns
 * what it did, for the log.
 */
export async function migrateRenamedSettings(): Promise<string[]> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const done: string[] = [];
  for (const key of USER_LEVEL_ONLY) {
    const old = LEGACY_NAMES[key];
    const legacy = config.inspect<string>(old)?.globalValue;
    if (legacy === undefined) continue;
    const current = config.inspect<string>(key)?.globalValue;
    if (current === undefined) await config.update(key, legacy, vscode.ConfigurationTarget.Global);
    await config.update(old, undefined, vscode.ConfigurationTarget.Global);
    /* eslint-disable no-restricted-syntax -- log lines (extension.ts logs them) */
    done.push(
      current === undefined
        ? `Moved ${SECTION}.${old} to ${SECTION}.${key} in your user settings (renamed).`
        : `Removed ${SECTION}.${old} from your user settings: ${SECTION}.${key} is set and wins.`,
    );
    /* eslint-enable no-restricted-syntax */
  }
  return done;
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

/** A list of short strings, or the default when the value is not one. */
function stringList(value: unknown, fallback: readonly string[]): readonly string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string')
    ? value.slice(0, 100).map((v: string) => v.slice(0, 100))
    : fallback;
}

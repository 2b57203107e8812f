// Setting names shared by the extension and its manifest test (no vscode import here).
export const SECTION = 'securityFixReports';

/** Settings read only from the user level: they decide where the key is sent. */
export const USER_LEVEL_ONLY = ['baseUrl', 'caCertificatesFile'] as const;
export type UserLevelKey = (typeof USER_LEVEL_ONLY)[number];

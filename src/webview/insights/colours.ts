// The one colour table of Fix Insights: each series says what it means (the panel's charts.ts
// picks the meaning) and this table says which of the theme's chart colours shows it, so good
// outcomes are green and bad ones red in every theme, high-contrast ones included. The fallbacks
// are the dark default theme's values, for a page that reads no theme variable.

export const SERIES_COLOURS = {
  /** A plain count with no judgement: fixes, first observed. Listed first: the page reports it as the first colour. */
  count: { variable: '--vscode-charts-blue', fallback: '#3794ff' },
  /** Taken by someone, not yet in source control. */
  downloaded: { variable: '--vscode-charts-purple', fallback: '#b180d7' },
  /** Submitted to source control (a pull request or a commit): the outcome a fix is for. */
  committed: { variable: '--vscode-charts-green', fallback: '#89d185' },
  /** Thumbs up. */
  approved: { variable: '--vscode-charts-green', fallback: '#89d185' },
  /** Thumbs down. */
  rejected: { variable: '--vscode-charts-red', fallback: '#f14c4c' },
  /** A fix reported as breaking the code: bad, told apart from thumbs down beside it. */
  breaking: { variable: '--vscode-charts-orange', fallback: '#d18616' },
  /** False positives: noise, a warning rather than a failure. */
  noise: { variable: '--vscode-charts-yellow', fallback: '#cca700' },
} as const;

export type SeriesColour = keyof typeof SERIES_COLOURS;

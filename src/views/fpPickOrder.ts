// The order of the false-positive picker (commands/pickFalsePositive.ts): those on the cursor's
// line, then the rest of the current file's, then the file's language, the workspace's reports
// before others; false positives of another language than the file's are set apart, after a
// separator, each saying so (a suppression for one language rarely belongs in a file of
// another). Editor-free, so unit-tested.

/** What the picker knows of one false positive, relative to the active editor. */
export interface PickPlace {
  /** Placed on the line the comment goes to. */
  readonly onLine: boolean;
  /** Placed in the active editor's file. */
  readonly inFile: boolean;
  /** The service's language of the finding. */
  readonly language: string | null;
  /** Its report is of a workspace repository. */
  readonly inWorkspace: boolean;
}

export interface PickOrder<T> {
  /** On the line, in the file, of its language or of none known: in this order. */
  readonly first: readonly T[];
  /** Of a known language other than the file's, none of them in the file. */
  readonly otherLanguages: readonly T[];
}

/** `items` ordered for the picker (stable: equal ranks keep the given order). */
export function pickOrder<T>(items: readonly T[], fileLanguageId: string | undefined, placeOf: (item: T) => PickPlace): PickOrder<T> {
  const ranked = items.map((item, index) => {
    const place = placeOf(item);
    const same = sameLanguage(fileLanguageId, place.language);
    const rank = place.onLine ? 0 : place.inFile ? 1 : same === true ? 2 : 3;
    return { item, index, rank, other: !place.inFile && same === false, workspace: place.inWorkspace ? 0 : 1 };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.workspace - b.workspace || a.index - b.index);
  return {
    first: ranked.filter((r) => !r.other).map((r) => r.item),
    otherLanguages: ranked.filter((r) => r.other).map((r) => r.item),
  };
}

/**
 * Whether an editor's language id (`python`, `typescriptreact`) and the service's language name
 * (`Python`, `C#`) are the same language; undefined when either is unknown.
 */
export function sameLanguage(fileLanguageId: string | null | undefined, findingLanguage: string | null | undefined): boolean | undefined {
  const file = languageOf(fileLanguageId);
  const finding = languageOf(findingLanguage);
  return file === undefined || finding === undefined ? undefined : file === finding;
}

/** Other names of a language, as the service or the editor may write them. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['c#', 'csharp'],
  ['c++', 'cpp'],
  ['golang', 'go'],
  ['js', 'javascript'],
  ['ts', 'typescript'],
  ['py', 'python'],
]);

/** A language id or name reduced so the two compare: lower case, an alias resolved, React's JSX as its language. */
function languageOf(id: string | null | undefined): string | undefined {
  const lower = id?.trim().toLowerCase();
  if (!lower) return undefined;
  return ALIASES.get(lower) ?? lower.replace(/react$/, '');
}

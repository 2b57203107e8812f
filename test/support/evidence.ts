// Evidence for docs/reliability.md: tests call observe() with what actually happened (the
// error kind and message, the number of attempts…); the evidence reporter files it under the
// running test and writes everything to $SFR_EVIDENCE_FILE. No file set: observe() only
// collects in memory.
const outcomes = new Map<string, string[]>();
let current: string | undefined;

export function beginTest(fullTitle: string): void {
  current = fullTitle;
}

/** Records an observed outcome for the running test (one short line). */
export function observe(outcome: string): void {
  if (current === undefined) return;
  const list = outcomes.get(current) ?? [];
  list.push(outcome.replace(/\s+/g, ' ').trim());
  outcomes.set(current, list);
}

export function takeOutcomes(fullTitle: string): string[] {
  const list = outcomes.get(fullTitle) ?? [];
  outcomes.delete(fullTitle);
  return list;
}

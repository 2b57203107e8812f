// What a thrown value says, for messages and logs: an Error's message, else the value as text.
// Server text inside it still goes through common/text before it reaches the user.

/** The message of an Error, or the thrown value as a string. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

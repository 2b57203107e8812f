// Opaque cursors for the paged tools: what the next page starts after, and which question it
// continues (a fingerprint of the filters), so a cursor given with other filters is refused
// rather than read as a place in another list. base64url of a small JSON object.
import { createHash } from 'node:crypto';
import type { Parsed } from './inputs';

/** The part of the question a cursor belongs to: the tool and its filters, not the page size. */
export function queryKey(tool: string, filters: Readonly<Record<string, string | number | undefined>>): string {
  const canonical = JSON.stringify([
    tool,
    ...Object.entries(filters)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, v ?? null]),
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export function encodeCursor(query: string, position: Readonly<Record<string, string | number | null>>): string {
  return Buffer.from(JSON.stringify({ q: query, ...position }), 'utf8').toString('base64url');
}

/** The position a cursor holds, or why it cannot be used for this question. */
export function decodeCursor(text: string, query: string): Parsed<Record<string, unknown>> {
  let value: unknown;
  try {
    value = /^[A-Za-z0-9_-]{1,2000}$/.test(text) ? JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) : undefined;
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      ok: false,
      message:
        'cursor is not one this tool returned: pass nextCursor from the previous result unchanged, or leave cursor out to start from the beginning.',
    };
  if ((value as { q?: unknown }).q !== query)
    return {
      ok: false,
      message:
        "cursor belongs to a call with other arguments: repeat the previous call's arguments with it, or leave cursor out to start this query from the beginning.",
    };
  return { ok: true, value: value as Record<string, unknown> };
}

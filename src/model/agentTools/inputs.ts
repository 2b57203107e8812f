// A tool's arguments, declared once: each field's kind, limits and description give both the
// JSON Schema a host shows the model and the checks run on what the model sends (hosts do not
// all validate, and a model guesses). A refusal names the argument, what it must be and where
// a good value comes from, so the model can correct the call.
import { escapeUnsafe, oneLine } from '../../common/text';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const UUID_EXAMPLE = '3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b';

interface FieldBase {
  readonly description: string;
  readonly required?: boolean;
  /** Where a good value comes from, added to a refusal ("list_fix_reports gives the ids"). */
  readonly hint?: string;
}

type FieldSpec =
  | (FieldBase & { readonly kind: 'uuid' })
  | (FieldBase & { readonly kind: 'text'; readonly maxLength: number })
  | (FieldBase & { readonly kind: 'integer'; readonly minimum: number; readonly maximum: number; readonly default?: number });

export type InputSpec = Readonly<Record<string, FieldSpec>>;

type ValueOf<F extends FieldSpec> = F extends { kind: 'integer' } ? number : string;
type RequiredKeys<S extends InputSpec> = { [K in keyof S]: S[K] extends { required: true } ? K : never }[keyof S];

/** The checked arguments: required ones present, optional ones possibly undefined. */
export type InputOf<S extends InputSpec> = { [K in RequiredKeys<S>]: ValueOf<S[K]> } & {
  [K in Exclude<keyof S, RequiredKeys<S>>]?: ValueOf<S[K]>;
};

export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/** The JSON Schema (draft 2020-12 subset every MCP host reads) of a tool's arguments. */
export function inputJsonSchema(spec: InputSpec): JsonSchema {
  const properties = Object.fromEntries(Object.entries(spec).map(([name, field]) => [name, fieldSchema(field)]));
  const required = Object.entries(spec)
    .filter(([, field]) => field.required === true)
    .map(([name]) => name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

function fieldSchema(field: FieldSpec): JsonSchema {
  switch (field.kind) {
    case 'uuid':
      return { type: 'string', pattern: UUID.source, description: field.description };
    case 'text':
      return { type: 'string', minLength: 1, maxLength: field.maxLength, description: field.description };
    case 'integer':
      return {
        type: 'integer',
        minimum: field.minimum,
        maximum: field.maximum,
        ...(field.default === undefined ? {} : { default: field.default }),
        description: field.description,
      };
  }
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The arguments checked against `spec`; null counts as not given (models send it for "none"). */
export function parseInput<S extends InputSpec>(spec: S, raw: unknown): Parsed<InputOf<S>> {
  const args = raw ?? {};
  if (typeof args !== 'object' || Array.isArray(args)) return refuse(`Arguments must be a JSON object, such as ${example(spec)}.`);
  const value = new Map<string, string | number>();
  for (const key of Object.keys(args)) {
    if (!Object.hasOwn(spec, key)) return refuse(unknownArgument(key, spec));
  }
  const given = new Map(Object.entries(args));
  for (const [name, field] of Object.entries(spec)) {
    const arg = given.get(name);
    if (arg === undefined || arg === null) {
      if (field.required) return refuse(`${name} is required: ${lowerFirst(field.description)}${hintOf(field)}`);
      if (field.kind === 'integer' && field.default !== undefined) value.set(name, field.default);
      continue;
    }
    const checked = checkField(name, field, arg);
    if (!checked.ok) return checked;
    value.set(name, checked.value);
  }
  return { ok: true, value: Object.fromEntries(value) as InputOf<S> };
}

function checkField(name: string, field: FieldSpec, given: unknown): Parsed<string | number> {
  switch (field.kind) {
    case 'uuid': {
      const text = typeof given === 'string' ? given.trim() : undefined;
      if (text !== undefined && UUID.test(text)) return { ok: true, value: text };
      return refuse(`${name} must be a UUID such as ${UUID_EXAMPLE} (got ${shown(given)}).${hintOf(field)}`);
    }
    case 'text': {
      if (typeof given !== 'string' || given.trim() === '') return refuse(`${name} must be a non-empty string (got ${shown(given)}).`);
      if (Array.from(given).length > field.maxLength)
        return refuse(`${name} must be at most ${field.maxLength} characters (got ${Array.from(given).length}).`);
      return { ok: true, value: given.trim() };
    }
    case 'integer': {
      const n = typeof given === 'string' && /^\s*-?\d+\s*$/.test(given) ? Number(given) : given;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < field.minimum || n > field.maximum)
        return refuse(`${name} must be a whole number from ${field.minimum} to ${field.maximum} (got ${shown(given)}).${hintOf(field)}`);
      return { ok: true, value: n };
    }
  }
}

function unknownArgument(key: string, spec: InputSpec): string {
  const squashed = (s: string) => s.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const near = Object.keys(spec).find((name) => squashed(name) === squashed(key));
  const list = Object.entries(spec)
    .map(([name, field]) => (field.required ? `${name} (required)` : name))
    .join(', ');
  return `Unknown argument ${shown(key)}${near ? ` (did you mean "${near}"?)` : ''}. This tool takes: ${list}.`;
}

function example(spec: InputSpec): string {
  const first = Object.entries(spec).find(([, f]) => f.required);
  return first ? `{"${first[0]}": ${first[1].kind === 'integer' ? 1 : `"${first[1].kind === 'uuid' ? UUID_EXAMPLE : '…'}"`}}` : '{}';
}

/** A value the model sent, as one short inert line. */
function shown(value: unknown): string {
  if (typeof value === 'string') return `"${escapeUnsafe(oneLine(value, 60))}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value;
}

const hintOf = (field: FieldSpec): string => (field.hint ? ` ${field.hint}` : '');
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

// Whether a parsed JSON value is already exactly what a valibot schema outputs for it: every
// object plain, with the schema's keys (all of them, in its order, no others), every value of
// its decoded type (no null where a default would replace it). Then the value is used as it
// is and the schema's walk, which copies every object of a 15 MB report detail, is skipped:
// a third of the detail's decoding and most of its garbage. The check only says yes for the
// schema kinds it knows (object, array, string, number, boolean, nullish, nullable, unknown,
// fallbacks of those, and the `String` transform of an id); anything else says no and the
// schema decides, so errors and their JSON paths stay the schema's.
// test/unit/api/decodedAsIs.test.ts checks that a yes always means the schema's output equals
// the value, key order included, on arbitrary input.
import type * as v from 'valibot';

/** The parts of a valibot schema the check reads. */
interface SchemaNode {
  readonly type: string;
  readonly entries?: Readonly<Record<string, SchemaNode>>;
  readonly item?: SchemaNode;
  readonly wrapped?: SchemaNode;
  readonly default?: unknown;
  readonly options?: readonly SchemaNode[];
  readonly pipe?: readonly { readonly kind: string; readonly type: string; readonly operation?: unknown }[];
}

type Check = (value: unknown) => boolean;

/** Checks by schema, built once: a closure per schema node, so a check does no lookups of its own. */
const compiled = new WeakMap<object, Check>();

/** True when `value` is what `schema` outputs for it (so parsing it would only copy it). */
export function isDecodedAsIs<S extends v.GenericSchema>(schema: S, value: unknown): value is v.InferOutput<S> {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = compile(schema as unknown as SchemaNode)));
  return check(value);
}

const NEVER: Check = () => false;

function compile(schema: SchemaNode): Check {
  // A fallback (a `fallback` key on the schema) only changes what an invalid value becomes.
  if (schema.pipe) return isStringId(schema) ? (value) => typeof value === 'string' : NEVER;
  switch (schema.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && !Number.isNaN(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'unknown':
      return () => true;
    case 'nullish':
    case 'nullable': {
      // null stays null only without a default (or with null as the default).
      const nullStays = schema.default === undefined || schema.default === null;
      const wrapped = compile(schema.wrapped!);
      return (value) => (value === null ? nullStays : value !== undefined && wrapped(value));
    }
    case 'array': {
      const item = compile(schema.item!);
      return (value) => {
        if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
        for (const element of value as unknown[]) if (!item(element)) return false;
        return true;
      };
    }
    case 'object':
      return compileObject(schema.entries!);
    default:
      return NEVER;
  }
}

/** The schema's keys and no others, in its order (the order of its output), each decoded. */
function compileObject(entries: Readonly<Record<string, SchemaNode>>): Check {
  const keys = Object.keys(entries);
  const checks = keys.map((key) => compile(entries[key]!));
  return (value) => {
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
    const record = value as Record<string, unknown>;
    let i = 0;
    for (const key in record) {
      if (key !== keys[i] || !checks[i]!(record[key])) return false;
      i++;
    }
    return i === keys.length;
  };
}

/** `v.pipe(v.union([v.string(), v.number()]), v.transform(String))`: a string comes out as it went in. */
function isStringId(schema: SchemaNode): boolean {
  const [first, ...actions] = schema.pipe!;
  const types = schema.type === 'union' ? (schema.options ?? []).map((o) => o.type) : [];
  return (
    first !== undefined &&
    types.includes('string') &&
    types.every((t) => t === 'string' || t === 'number') &&
    actions.length === 1 &&
    actions[0]!.type === 'transform' &&
    actions[0]!.operation === String
  );
}

// The SARIF 2.1.0 JSON schema that @microsoft/jest-sarif ships (sarif-2.1.0-rtm.5, draft-04),
// checked with the ajv 6 that package depends on, set up as its own matcher does. Loaded from
// the package's files rather than through its jest matchers (which need jest).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface AjvError {
  instancePath?: string;
  dataPath?: string;
  message?: string;
  params?: unknown;
}
type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

let validate: Validate | undefined;

function validator(): Validate {
  if (validate) return validate;
  const manifest = require.resolve('@microsoft/jest-sarif/package.json');
  const fromPackage = createRequire(manifest);
  const Ajv = fromPackage('ajv') as new (options: object) => {
    addMetaSchema(schema: object): void;
    compile(schema: object): Validate;
  };
  const ajv = new Ajv({ schemaId: 'auto', allErrors: true });
  ajv.addMetaSchema(fromPackage('ajv/lib/refs/json-schema-draft-04.json') as object);
  const schema = fromPackage(join(dirname(manifest), 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json')) as object;
  validate = ajv.compile(schema);
  return validate;
}

/** The schema's complaints about `log` (empty when it is a valid SARIF 2.1.0 log). */
export function sarifSchemaErrors(log: unknown): string[] {
  const check = validator();
  if (check(log)) return [];
  return (check.errors ?? []).map((e) => `${e.dataPath ?? e.instancePath ?? ''} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

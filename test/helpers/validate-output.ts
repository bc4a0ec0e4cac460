/** Assert that a command's --json output validates against its schema in schemas/output/. */
import * as assert from 'uvu/assert';
import { validateAgainst } from '../../src/schema-validation.ts';

export function assertValidOutput(schema: string, data: unknown): void {
  const violations = validateAgainst(schema.startsWith('output/') ? schema : `output/${schema}`, data);
  assert.equal(violations, [], `output does not match ${schema}: ${JSON.stringify(violations)}`);
}

import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Ajv, type CodeOptions } from 'ajv';

type RegExpEngine = NonNullable<CodeOptions['regExp']>;

/**
 * Stands in for every schema regex and matches anything. JavaScript regexes backtrack, so one
 * upstream `pattern` like `^(a+)+$` could hold the gateway for hours on a short argument; the
 * upstream checks its own patterns.
 */
const unchecked: RegExpEngine = Object.assign(() => ({ test: () => true }), {
  code: 'shortlistUncheckedRegExp',
});

/**
 * Checks `call_tool` arguments against an upstream schema in time linear in the arguments:
 * types, required properties, enums and bounds are checked; `pattern`, `patternProperties` and
 * `format` are not (they would run regexes), so anything they govern is passed on for the
 * upstream to judge, never refused here.
 */
export function argumentValidator(): AjvJsonSchemaValidator {
  const ajv = new Ajv({
    strict: false,
    validateSchema: false,
    validateFormats: false,
    allErrors: true,
    code: { regExp: unchecked },
  });
  // Without its keyword, a property a pattern names is neither checked nor, with the matching
  // stand-in above, counted as an additional property.
  ajv.removeKeyword('patternProperties');
  return new AjvJsonSchemaValidator(ajv);
}

/**
 * A validator compiler built on TypeBox's own compiler, in the custom
 * validator contract: `{ value }` on success, `{ error }` on failure, never a throw.
 *
 * It mimics the default validator's baseline: values are converted to the
 * schema's types, `default`s fill missing properties, unknown properties are stripped (except
 * from headers, which carry much more than any schema names), and only the first error is
 * reported, as `allErrors: false` does. Errors come back in the default validator's item shape
 * (`instancePath`, `message`), so the default error formatter writes `body/name ...`.
 */
import { KindGuard, type TSchema } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { Value } from '@sinclair/typebox/value'

/** What warren calls a validator compiler with. */
interface CompileInput {
  schema: TSchema
  httpPart: string
}

/** The custom validator contract: `{ value }` or `{ error }`, never a throw. */
type Result = { value: unknown; error?: undefined } | { error: Error | ErrorItem[]; value?: undefined }

interface ErrorItem {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
  message: string
}

/**
 * Builds the compiler. `references` is read when a schema is compiled (at start-up), so it sees
 * every shared schema added by then (TypeBox ones; others are skipped): with a custom validator, resolving `$ref` to shared schemas
 * is the validator's business, and `getSchemas()` is where it finds them.
 *
 * @example
 * app.setValidatorCompiler(typeboxValidatorCompiler(() => Object.values(app.getSchemas())))
 */
export function typeboxValidatorCompiler(references: () => unknown[]) {
  return ({ schema, httpPart }: CompileInput) => {
    const refs = references().filter((candidate) => KindGuard.IsSchema(candidate))
    const check = TypeCompiler.Compile(schema, refs)
    const strip = httpPart !== 'headers'
    return (data: unknown): Result => {
      try {
        let value = Value.Default(schema, refs, Value.Convert(schema, refs, data))
        if (strip) value = Value.Clean(schema, refs, value)
        if (check.Check(value)) return { value }
        const first = check.Errors(value).First()
        const message = first?.message ?? 'is invalid'
        return { error: [{ keyword: 'typebox', instancePath: first?.path ?? '', schemaPath: '#', params: { value: first?.value }, message }] }
      } catch (error) {
        // an unexpected failure still answers through the error path, never as a throw
        return { error: error instanceof Error ? error : new Error(String(error)) }
      }
    }
  }
}

/** Gives `app` a validator compiler that accepts every value and records each schema it is asked to compile, in order. */
export function recordValidatorSchemas(app: { setValidatorCompiler: (compiler: any) => unknown }): any[] {
  const seen: any[] = []
  app.setValidatorCompiler(({ schema }: any) => {
    seen.push(schema)
    return () => true
  })
  return seen
}

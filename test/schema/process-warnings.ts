/** The Node warnings whose code starts with `codePrefix`, emitted while `run` goes on; they are delivered on a later tick. */
export async function warningsDuring(codePrefix: string, run: () => Promise<void>): Promise<Array<Error & { code?: string }>> {
  const seen: Array<Error & { code?: string }> = []
  const listener = (warning: Error & { code?: string }) => {
    if (warning.code?.startsWith(codePrefix) === true) seen.push(warning)
  }
  process.on('warning', listener)
  try {
    await run()
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    process.off('warning', listener)
  }
  return seen
}

/** The schema cache's warnings (`SVC_WRN_SCHEMA_CACHE*`) emitted while `run` goes on. */
export const cacheWarningsDuring = (run: () => Promise<void>) => warningsDuring('SVC_WRN_SCHEMA_CACHE', run)

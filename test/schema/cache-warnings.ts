/** The schema cache's Node warnings (`SVC_WRN_SCHEMA_CACHE*`) emitted while `run` goes on; they are delivered on a later tick. */
export async function cacheWarningsDuring(run: () => Promise<void>): Promise<Array<Error & { code?: string }>> {
  const seen: Array<Error & { code?: string }> = []
  const listener = (warning: Error & { code?: string }) => {
    if (warning.code?.startsWith('SVC_WRN_SCHEMA_CACHE') === true) seen.push(warning)
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

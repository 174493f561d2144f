/**
 * @module A route URL in OpenAPI form: `/users/:id` → `/users/{id}`, regular expressions
 * dropped (`:id(^\\d+)` → `{id}`), `*` → `{*}` (the parameter warren names `*`), `::` → `:`;
 * an optional last parameter as the two paths the router serves.
 */

/** A last segment `/:name?` (find-my-way allows an optional parameter only there). */
const optionalLast = /\/:[A-Za-z0-9_$]+(?:\((?:\\.|[^)])*\))?\?$/

/**
 * The paths a route URL serves: one, or for `/notes/:id/:view?` both `/notes/{id}/{view}` and
 * `/notes/{id}` (OpenAPI has no optional path segment, and a path parameter is always required).
 */
export function openApiPaths(url: string): Array<{ path: string; params: string[] }> {
  const full = openApiPath(url)
  if (!optionalLast.test(url)) return [full]
  return [full, openApiPath(url.replace(optionalLast, '') || '/')]
}

function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = []
  const path = url.replace(/::|:([A-Za-z0-9_$]+)(\((?:\\.|[^)])*\))?\??|\*/g, (match, name: string | undefined) => {
    if (match === '::') return ':'
    const param = name ?? '*'
    params.push(param)
    return `{${param}}`
  })
  return { path, params }
}

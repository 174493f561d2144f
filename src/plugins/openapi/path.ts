/**
 * @module A route URL in OpenAPI form: `/users/:id` → `/users/{id}`, regular expressions
 * dropped (`:id(^\\d+)` → `{id}`), `*` → `{*}` (the parameter warren names `*`), `::` → `:`.
 */

export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = []
  const path = url.replace(/::|:([A-Za-z0-9_$]+)(\((?:\\.|[^)])*\))?\??|\*/g, (match, name: string | undefined) => {
    if (match === '::') return ':'
    const param = name ?? '*'
    params.push(param)
    return `{${param}}`
  })
  return { path, params }
}

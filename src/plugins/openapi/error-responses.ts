/**
 * @module The error responses warren answers, documented in the application's `errorFormat`, and
 * which of them each operation can give.
 */
import { ErrorBody, errorCatalogue, ProblemBody } from '../../index.js'
import type { ErrorFormat } from '../../index.js'
import type { JsonSchema, OpenApiOperation, OpenApiResponse } from './types.js'

export interface ErrorComponents {
  schemas: Record<string, JsonSchema>
  responses: Record<string, OpenApiResponse>
  /** `$ref` of the shared response for each status warren answers by itself. */
  refFor: Partial<Record<FrameworkStatus, string>>
  /** The body of an error with any other status (a plugin's 401). */
  contentOf(): OpenApiResponse['content']
  /** The media type a thrown error is answered with when it is not JSON's (`application/problem+json`), else null. */
  errorMediaType: string | null
}

type FrameworkStatus = '400' | '404' | '413' | '415' | '500'

const descriptions: Record<FrameworkStatus, string> = {
  '400': 'The request is malformed or fails its schema',
  '404': 'No route matches the method and URL (any URL without an operation)',
  '413': 'The request body is larger than the body limit',
  '415': 'No body parser accepts the content type',
  '500': 'The server failed to answer',
}

const responseNames: Record<FrameworkStatus, string> = {
  '400': 'WarrenBadRequest',
  '404': 'WarrenNotFound',
  '413': 'WarrenPayloadTooLarge',
  '415': 'WarrenUnsupportedMediaType',
  '500': 'WarrenInternalServerError',
}

function codesOf(status: string): string {
  const codes = Object.entries(errorCatalogue).filter(([, entry]) => String(entry.status) === status).map(([code]) => `\`${code}\``)
  return codes.length === 0 ? '' : ` (codes: ${codes.join(', ')})`
}

/** A validation failure's problem: the problem body with its `errors` list present. */
function validationProblem(problemRef: string): JsonSchema {
  return {
    description: 'The problem details of a validation failure: one `errors` item per failed schema keyword',
    allOf: [{ $ref: problemRef }, { type: 'object', required: ['errors'], properties: { code: { const: 'SVC_ERR_VALIDATION' } } }],
  }
}

/** The components for `format`, with free names from `reserve`; a function format's bodies are documented without a schema. */
export function errorComponents(format: ErrorFormat | undefined, reserve: (name: string) => string): ErrorComponents {
  const schemas: Record<string, JsonSchema> = {}
  let content: (status: string) => OpenApiResponse['content']
  if (format === 'problem') {
    const problemName = reserve('WarrenProblem')
    const validationName = reserve('WarrenValidationProblem')
    const problemRef = `#/components/schemas/${problemName}`
    // a structured clone leaves TypeBox's symbol keys out: the document is plain JSON
    schemas[problemName] = structuredClone(ProblemBody) as JsonSchema
    schemas[validationName] = validationProblem(problemRef)
    const validationRef = `#/components/schemas/${validationName}`
    content = (status) => ({
      'application/problem+json': { schema: status === '400' ? { anyOf: [{ $ref: validationRef }, { $ref: problemRef }] } : { $ref: problemRef } },
    })
  } else if (format === undefined || format === 'fastify') {
    const name = reserve('WarrenError')
    schemas[name] = structuredClone(ErrorBody) as JsonSchema
    content = () => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } })
  } else {
    content = () => undefined
  }
  const responses: Record<string, OpenApiResponse> = {}
  const refFor: ErrorComponents['refFor'] = {}
  for (const status of Object.keys(responseNames) as FrameworkStatus[]) {
    const name = reserve(responseNames[status])
    const body = content(status)
    responses[name] = { description: descriptions[status] + codesOf(status), ...(body && { content: body }) }
    refFor[status] = `#/components/responses/${name}`
  }
  return { schemas, responses, refFor, contentOf: () => content(''), errorMediaType: format === 'problem' ? 'application/problem+json' : null }
}

/** No shared error responses, for `errorResponses: false`. */
export const ownErrorComponents: ErrorComponents = { schemas: {}, responses: {}, refFor: {}, contentOf: () => undefined, errorMediaType: null }

export interface ErrorSources {
  schema: Record<string, unknown>
  /** Statuses the context's plugins answer through the error handler, with their description. */
  contributed: Record<string, string>
}

/** Adds the error responses warren can give for the route (400, 413, 415, 500, contributed), never over what the route declares. */
export function addErrorResponses(operation: OpenApiOperation, route: ErrorSources, components: ErrorComponents): void {
  const { schema } = route
  const hasBody = schema.body !== undefined
  const validates = hasBody || ['params', 'querystring', 'query', 'headers'].some((part) => schema[part] !== undefined)
  const add = (status: string, response: OpenApiOperation['responses'][string]) => {
    const { responses } = operation
    if (responses.default !== undefined || responses[`${status[0]}XX`] !== undefined || responses[status] !== undefined) return
    responses[status] = response
  }
  const byFramework = (status: FrameworkStatus) => {
    const ref = components.refFor[status]
    if (ref !== undefined) add(status, { $ref: ref })
  }
  if (validates) byFramework('400')
  for (const [status, description] of Object.entries(route.contributed)) {
    const content = components.contentOf()
    add(status, { description, ...(content && { content }) })
  }
  if (hasBody) {
    byFramework('413')
    byFramework('415')
  }
  byFramework('500')
}

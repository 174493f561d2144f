/**
 * @module test/client/workspace/server
 * A team workspace API: projects, members and files under prefixes that carry parameters, shared
 * `$id` schemas with formats, an API key read by a `preHandler` into a request decorator, defaults
 * in query and body, 204 answers, HEAD and a wildcard. The typed client's tests drive it.
 */
import { randomUUID } from 'node:crypto'
import warren, { Type, type RouteHook, type RouteTableOf } from 'warren'

export const Project = Type.Object(
  { id: Type.String({ format: 'uuid' }), workspace: Type.String(), name: Type.String(), createdAt: Type.String({ format: 'date-time' }), archived: Type.Boolean() },
  { $id: 'Project' },
)
export const Member = Type.Object({ email: Type.String({ format: 'email' }), role: Type.Union([Type.Literal('owner'), Type.Literal('editor'), Type.Literal('viewer')]) }, { $id: 'Member' })
export const Problem = Type.Object({ message: Type.String() }, { $id: 'Problem' })

const ApiKey = Type.Object({ 'X-Api-Key': Type.String({ minLength: 1 }) })
const WorkspaceParams = Type.Object({ workspaceId: Type.String() })
const ProjectParams = Type.Object({ workspaceId: Type.String(), projectId: Type.String({ format: 'uuid' }) })
const FileParams = Type.Object({ workspaceId: Type.String(), projectId: Type.String(), '*': Type.String() })

interface ProjectRow {
  id: string
  workspace: string
  name: string
  createdAt: Date
  archived: boolean
  members: Map<string, 'owner' | 'editor' | 'viewer'>
  files: Map<string, string>
}

/** The shared schemas, the projects in memory and the account an API key names. */
export function base() {
  return warren()
    .addSchema(Project)
    .addSchema(Member)
    .addSchema(Problem)
    .decorate('projects', new Map<string, ProjectRow>())
    .decorateRequest('account', null as { email: string } | null)
}
type Base = ReturnType<typeof base>

/** Reads the API key (`key-<name>` is the account `<name>@example.com`); refuses a request without one. */
const authenticate: RouteHook<'preHandler', { headers: typeof ApiKey }, Base> = async (request, reply) => {
  const key = request.headers['x-api-key']
  if (!key.startsWith('key-')) return reply.code(401).send({ message: 'unknown API key' })
  request.account = { email: `${key.slice(4)}@example.com` }
}

/** Refuses a request for a project that does not exist in its workspace: fits every route with those params. */
const projectExists: RouteHook<'preHandler', { params: typeof ProjectParams }, Base> = async function (request, reply) {
  const row = this.projects.get(request.params.projectId)
  if (row === undefined || row.workspace !== request.params.workspaceId) return reply.code(404).send({ message: `no project ${request.params.projectId}` })
}

function projectOf(row: ProjectRow) {
  return { id: row.id, workspace: row.workspace, name: row.name, createdAt: row.createdAt.toISOString(), archived: row.archived }
}

/** Projects of a workspace: list (paged, defaults filled in), create, read (and HEAD), archive. */
async function projects(app: Base) {
  return app
    .get(
      '/',
      {
        prefixTrailingSlash: 'no-slash',
        schema: {
          params: WorkspaceParams,
          querystring: Type.Object({ limit: Type.Integer({ minimum: 1, default: 10 }), archived: Type.Boolean({ default: false }), tag: Type.Optional(Type.Array(Type.String())) }),
          response: { 200: Type.Object({ projects: Type.Array(Type.Ref('Project')), limit: Type.Integer() }) },
        },
      },
      async function (request) {
        const { workspaceId } = request.params
        const rows = [...this.projects.values()].filter((row) => row.workspace === workspaceId && row.archived === request.query.archived)
        return { projects: rows.slice(0, request.query.limit).map(projectOf), limit: request.query.limit }
      },
    )
    .post(
      '/',
      {
        schema: { params: WorkspaceParams, headers: ApiKey, body: Type.Object({ name: Type.String({ minLength: 1 }) }), response: { 201: Type.Ref('Project'), 401: Type.Ref('Problem') } },
        preHandler: authenticate,
      },
      async function (request, reply) {
        const row: ProjectRow = { id: randomUUID(), workspace: request.params.workspaceId, name: request.body.name, createdAt: new Date(), archived: false, members: new Map(), files: new Map() }
        row.members.set(request.account!.email, 'owner')
        this.projects.set(row.id, row)
        return reply.code(201).send(projectOf(row))
      },
    )
    .get('/:projectId', { schema: { params: ProjectParams, response: { 200: Type.Ref('Project'), 404: Type.Ref('Problem') } }, preHandler: projectExists }, async function (request) {
      return projectOf(this.projects.get(request.params.projectId)!)
    })
    .post(
      '/:projectId/archive',
      { schema: { params: ProjectParams, headers: ApiKey, response: { 200: Type.Ref('Project'), 204: Type.Null(), 404: Type.Ref('Problem') } }, preHandler: [authenticate, projectExists] },
      async function (request, reply) {
        const row = this.projects.get(request.params.projectId)!
        if (row.archived) return reply.code(204).send()
        row.archived = true
        return reply.code(200).send(projectOf(row))
      },
    )
}

/** Members of a project: list, add (role defaults to viewer), remove (204). */
async function members(app: Base) {
  return app
    .get('/', { schema: { params: ProjectParams, response: { 200: Type.Array(Type.Ref('Member')), 404: Type.Ref('Problem') } }, preHandler: projectExists }, async function (request) {
      return [...this.projects.get(request.params.projectId)!.members].map(([email, role]) => ({ email, role }))
    })
    .put(
      '/:email',
      {
        schema: {
          params: Type.Object({ workspaceId: Type.String(), projectId: Type.String({ format: 'uuid' }), email: Type.String({ format: 'email' }) }),
          headers: ApiKey,
          body: Type.Object({ role: Type.Union([Type.Literal('editor'), Type.Literal('viewer')], { default: 'viewer' }) }),
          response: { 200: Type.Ref('Member'), 401: Type.Ref('Problem'), 404: Type.Ref('Problem') },
        },
        preHandler: [authenticate, projectExists],
      },
      async function (request) {
        this.projects.get(request.params.projectId)!.members.set(request.params.email, request.body.role)
        return { email: request.params.email, role: request.body.role }
      },
    )
    .delete(
      '/:email',
      { schema: { params: Type.Object({ workspaceId: Type.String(), projectId: Type.String(), email: Type.String() }), headers: ApiKey, response: { 204: Type.Null(), 401: Type.Ref('Problem') } }, preHandler: authenticate },
      async function (request, reply) {
        this.projects.get(request.params.projectId)?.members.delete(request.params.email)
        return reply.code(204).send()
      },
    )
}

/** Files of a project, by path: the wildcard keeps its slashes. */
async function files(app: Base) {
  return app
    .put('/*', { schema: { params: FileParams, headers: ApiKey, body: Type.Object({ text: Type.String() }), response: { 204: Type.Null(), 401: Type.Ref('Problem') } }, preHandler: authenticate }, async function (request, reply) {
      const row = this.projects.get(request.params.projectId)
      if (row === undefined) return reply.code(401).send({ message: 'no such project' })
      row.files.set(request.params['*'], request.body.text)
      return reply.code(204).send()
    })
    .get('/*', { schema: { params: FileParams, response: { 200: Type.Object({ path: Type.String(), text: Type.String() }), 404: Type.Ref('Problem') } } }, async function (request, reply) {
      const text = this.projects.get(request.params.projectId)?.files.get(request.params['*'])
      if (text === undefined) return reply.code(404).send({ message: `no file ${request.params['*']}` })
      return { path: request.params['*'], text }
    })
}

/** The application: projects, their members and files, each plugin under a prefix with parameters. */
export function build() {
  return base()
    .register(projects, { prefix: '/workspaces/:workspaceId/projects' })
    .register(members, { prefix: '/workspaces/:workspaceId/projects/:projectId/members' })
    .register(files, { prefix: '/workspaces/:workspaceId/projects/:projectId/files' })
}

/** The route table the client is typed from. */
export interface Api extends RouteTableOf<ReturnType<typeof build>> {}

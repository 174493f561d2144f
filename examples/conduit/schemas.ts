/**
 * @module examples/conduit/schemas
 * The shared schemas of the RealWorld API, named as its OpenAPI document names them: added once at
 * the root, referenced by every plugin with `Type.Ref('<name>')`, and served as
 * `components.schemas` by warren/openapi. Each one validates (requests), serializes (answers: what
 * a schema does not list never leaves the server) and types the handlers.
 */
import { Type } from 'warren'

const Text = Type.String({ minLength: 1 })
const Timestamp = Type.String({ format: 'date-time' })

/* ---------- what the API answers ---------- */

export const Profile = Type.Object(
  { username: Type.String(), bio: Type.String(), image: Type.String(), following: Type.Boolean() },
  { $id: 'Profile' },
)

export const User = Type.Object(
  { email: Type.String(), token: Type.String(), username: Type.String(), bio: Type.String(), image: Type.String() },
  { $id: 'User' },
)

const articleFields = {
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  tagList: Type.Array(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  favorited: Type.Boolean(),
  favoritesCount: Type.Integer(),
  author: Type.Ref('Profile'),
}
export const Article = Type.Object({ ...articleFields, body: Type.String() }, { $id: 'Article' })
/** An article in a list: lists leave the body out. */
export const ArticlePreview = Type.Object(articleFields, { $id: 'ArticlePreview' })

export const Comment = Type.Object(
  { id: Type.Integer(), createdAt: Timestamp, updatedAt: Timestamp, body: Type.String(), author: Type.Ref('Profile') },
  { $id: 'Comment' },
)

/** Every error the API answers: `{ errors: { body: ["email has already been taken"] } }`. */
export const GenericErrorModel = Type.Object({ errors: Type.Object({ body: Type.Array(Type.String()) }) }, { $id: 'GenericErrorModel' })

/* ---------- what the API reads ---------- */

export const LoginUser = Type.Object({ email: Text, password: Text }, { $id: 'LoginUser' })
export const NewUser = Type.Object({ username: Text, email: Type.String({ format: 'email' }), password: Text }, { $id: 'NewUser' })
export const UpdateUser = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email' })),
    password: Type.Optional(Text),
    username: Type.Optional(Text),
    bio: Type.Optional(Type.String()),
    image: Type.Optional(Type.String()),
  },
  { $id: 'UpdateUser', minProperties: 1 },
)
export const NewArticle = Type.Object(
  { title: Text, description: Text, body: Text, tagList: Type.Optional(Type.Array(Text)) },
  { $id: 'NewArticle' },
)
export const UpdateArticle = Type.Object(
  { title: Type.Optional(Text), description: Type.Optional(Text), body: Type.Optional(Text) },
  { $id: 'UpdateArticle', minProperties: 1 },
)
export const NewComment = Type.Object({ body: Text }, { $id: 'NewComment' })

/** Every shared schema, in the order they are added (a schema after those it references). */
export const sharedSchemas = [Profile, User, Article, ArticlePreview, Comment, GenericErrorModel, LoginUser, NewUser, UpdateUser, NewArticle, UpdateArticle, NewComment] as const

/* ---------- envelopes and error answers of the routes ---------- */

export const UserEnvelope = Type.Object({ user: Type.Ref('User') })
export const ProfileEnvelope = Type.Object({ profile: Type.Ref('Profile') })
export const ArticleEnvelope = Type.Object({ article: Type.Ref('Article') })
export const CommentEnvelope = Type.Object({ comment: Type.Ref('Comment') })

const Failure = Type.Ref('GenericErrorModel')

/** The error answers of a route, by status, each a {@link GenericErrorModel}. */
export function failures<const Codes extends 401 | 403 | 404 | 422>(...codes: Codes[]): { [Code in Codes]: typeof Failure } {
  return Object.fromEntries(codes.map((code) => [code, Failure])) as { [Code in Codes]: typeof Failure }
}

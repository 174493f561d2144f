import { expectAssignable, expectNotAssignable, expectType } from 'tsd'
import warren, { Type, type Warren } from 'warren'
import { client, type CodesWithStatus, type ProblemDetails } from 'warren/client'

// the application's own codes, merged once (the merge is global to the tsd program: statuses
// other than 400 keep the other files' exhaustive 400 switches as they are)
declare module 'warren' {
  interface AppErrorCodes {
    NOTE_LOCKED: 423
    NOTE_GONE: 404 | 410
    QUOTA_EXCEEDED: 429
    UPSTREAM_DOWN: 503
  }
}

async function notes(app: Warren) {
  return app.get('/notes/:id', { schema: { params: Type.Object({ id: Type.Integer() }), response: { 200: Type.Object({ id: Type.Integer() }) } } }, async (request) => ({ id: request.params.id }))
}

const app = warren({ errorFormat: 'problem' }).register(notes)
const api = client<typeof app>({ baseUrl: 'http://127.0.0.1:3000' })
void (async () => {
  const read = await api.get('/notes/:id', { params: { id: 1 } })
  if (read.status === 423) {
    // an application code compares, and narrows, like warren's own
    if (read.body.code === 'NOTE_LOCKED') expectType<'NOTE_LOCKED'>(read.body.code)
    expectType<'NOTE_LOCKED' | undefined>(read.body.code)
    // a code nobody declared is still refused, and another status's is not a 423's
    expectNotAssignable<typeof read.body.code>('NOTE_LOKCED')
    expectNotAssignable<typeof read.body.code>('QUOTA_EXCEEDED')
    expectNotAssignable<typeof read.body.code>('UPSTREAM_DOWN')
  }
  if (read.status === 429) expectAssignable<typeof read.body.code>('QUOTA_EXCEEDED')
  if (read.status === 413) expectAssignable<typeof read.body.code>('SVC_ERR_CTP_BODY_TOO_LARGE')
  if (read.status === 503) expectType<ProblemDetails<503, CodesWithStatus<503>>>(read.body)
  if (read.status === 503 && read.body.code === 'UPSTREAM_DOWN') expectType<'UPSTREAM_DOWN'>(read.body.code)
  // 400's codes are warren's: no application code is answered with 400 here
  if (read.status === 400 && read.body.code === 'SVC_ERR_VALIDATION') expectType<string>(read.body.errors[0].pointer)
})()

// codes sort by status: a code of several statuses is in each; one of a 4xx is never a 5xx's
expectType<true>(true as 'NOTE_GONE' extends CodesWithStatus<404> ? true : false)
expectType<true>(true as 'NOTE_GONE' extends CodesWithStatus<410> ? true : false)
expectType<false>(false as 'QUOTA_EXCEEDED' extends CodesWithStatus<500 | 503> ? true : false)
expectType<false>(false as 'NOTE_LOCKED' extends CodesWithStatus<400> ? true : false)

import { expectAssignable, expectError, expectType } from 'tsd'
import warren from 'warren'
import { lambda, streamingLambda, type ApiGatewayV2Event, type LambdaHandler, type LambdaHttpResult, type LambdaStreamingHandler } from 'warren/lambda'

const app = warren()
app.get('/hello', async () => ({ hello: 'world' }))

const handler = lambda(app)
expectType<LambdaHandler>(handler)
expectType<LambdaStreamingHandler>(streamingLambda(app))
// a custom domain's API mapping the routes do not carry
expectType<LambdaHandler>(lambda(app, { basePath: '/v1' }))
expectType<LambdaStreamingHandler>(streamingLambda(app, { basePath: '/v1' }))
expectError(lambda(app, { basePath: 1 }))

declare const httpApi: ApiGatewayV2Event
expectType<Promise<LambdaHttpResult>>(handler(httpApi))
expectType<Promise<LambdaHttpResult>>(handler(httpApi, { awsRequestId: 'id' }))
// a REST API (1.0) event and an ALB one are served by the same handler
expectType<Promise<LambdaHttpResult>>(handler({ httpMethod: 'GET', path: '/hello', requestContext: { identity: { sourceIp: '203.0.113.1' } } }))
expectType<Promise<LambdaHttpResult>>(handler({ httpMethod: 'GET', path: '/hello', requestContext: { elb: { targetGroupArn: 'arn' } } }))

async function result(): Promise<void> {
  const answer = await handler(httpApi)
  expectType<number>(answer.statusCode)
  expectType<string>(answer.body)
  expectType<boolean>(answer.isBase64Encoded)
  expectType<string[] | undefined>(answer.cookies)
  expectAssignable<{ statusCode: number; body: string }>(answer)
}
void result

// only a warren application can be served; an event needs its method and path
expectError(lambda({}))
expectError(handler({ path: '/hello', requestContext: {} }))

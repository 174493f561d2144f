// The one file of find-my-way warren reaches into (see model/router-without-codegen): its handler
// storage class, whose prototype builds a route's matchers.
declare module 'find-my-way/lib/handler-storage.js' {
  const HandlerStorage: { prototype: object }
  export default HandlerStorage
}

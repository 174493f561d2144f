// fast-json-stringify's run-time helpers, which its generated serializers require; it ships no types for the file.
declare module 'fast-json-stringify/lib/serializer.js' {
  const Serializer: unknown
  export default Serializer
}

import { describe, expect, it } from 'vitest'
import { bytesOf, declareLength, declareTextType } from '../../src/serve/serialize.js'

describe('serve/serialize: how a payload becomes bytes', () => {
  it('keeps text and Buffers as they are and views other binary payloads as a Buffer over the same memory', () => {
    const buffer = Buffer.from('abc')
    expect(bytesOf('text')).toBe('text')
    expect(bytesOf(buffer)).toBe(buffer)
    const shared = new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4)
    const viewed = bytesOf(shared) as Buffer
    expect([...viewed]).toEqual([1, 2, 3])
    shared[0] = 7
    expect(viewed[0]).toBe(7)
    expect([...(bytesOf(new Uint16Array([1]).buffer) as Buffer)]).toEqual([1, 0])
    expect(bytesOf({ not: 'bytes' })).toBeNull()
  })

  it('declares the length in bytes, corrects a wrong one, and keeps the GET length on a HEAD response', () => {
    const headers: Record<string, unknown> = {}
    expect(declareLength(headers, 'é', false)).toBe(2)
    expect(headers['content-length']).toBe('2')
    const wrong: Record<string, unknown> = { 'content-length': '99' }
    declareLength(wrong, 'abc', false)
    expect(wrong['content-length']).toBe('3')
    const head: Record<string, unknown> = { 'content-length': '1234' }
    declareLength(head, '', true)
    expect(head['content-length']).toBe('1234')
  })

  it('gives text a content type: the fallback when none is set, UTF-8 for JSON without a charset', () => {
    const none: Record<string, unknown> = {}
    declareTextType(none, undefined, 'text/plain; charset=utf-8')
    expect(none['content-type']).toBe('text/plain; charset=utf-8')
    const json: Record<string, unknown> = {}
    declareTextType(json, 'application/problem+json', 'unused')
    expect(json['content-type']).toBe('application/problem+json; charset=utf-8')
    const latin: Record<string, unknown> = { 'content-type': 'text/csv; charset=latin1' }
    declareTextType(latin, 'text/csv; charset=latin1', 'unused')
    expect(latin['content-type']).toBe('text/csv; charset=latin1')
  })
})

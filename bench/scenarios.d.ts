/** One benchmark scenario: the request autocannon sends and the answer every server must give. */
export interface Scenario {
  id: number
  name: string
  request: { method: string; path: string; headers?: Record<string, string>; body?: string }
  expect: { status: number; body: unknown }
}

export const scenarios: Scenario[]

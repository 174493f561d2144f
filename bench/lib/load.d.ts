import type { Scenario } from '../scenarios.js'

/** Sends the scenario's request once and throws unless the answer is the expected one. */
export function verify(url: string, scenario: Scenario, framework: string): Promise<void>

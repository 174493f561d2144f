import { expectError, expectType } from 'tsd'
import warren, { closeOnSignals } from 'warren'

const app = warren()
expectType<() => void>(closeOnSignals(app))
expectType<() => void>(closeOnSignals(app.register(async () => {}), { signals: ['SIGTERM'], timeout: 5_000 }))
// not a signal name
expectError(closeOnSignals(app, { signals: ['SIGFOO'] }))
// the deadline is a number of milliseconds
expectError(closeOnSignals(app, { timeout: '10s' }))
// not an application: no close()
expectError(closeOnSignals({ log: app.log }))

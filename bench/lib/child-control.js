// Talking to a forked bench server (bench/server.js) over IPC.

/** `ask(question)` sends a question and resolves with the answer; `stop()` disconnects and resolves when the server exits. */
export function childControl(child) {
  const ask = (question) =>
    new Promise((done) => {
      child.once('message', done)
      child.send(question)
    })
  const stop = () =>
    new Promise((done) => {
      // an 'exit' listener set while starting would take the end for a failure
      child.removeAllListeners('exit')
      child.once('exit', done)
      child.disconnect()
    })
  return { ask, stop }
}

/** A logger that writes nothing, for code under test that takes one (pg-boss's, the jobs'). */
export const silentLog = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
} as never;

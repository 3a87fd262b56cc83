export {
  nextPlannedRun,
  plannedRunAt,
  projectedMonthCentavos,
  RUN_WINDOW_MS,
  runAfter,
  runsPer30Days,
  runWindowMs,
} from './schedule';
export { toWatch, type Watch } from './watch';
export { markRunLate, type RunNotStarted, runsNotStartedInWindow } from './watch-run-late';
export {
  EARLIER_RUNS_READ,
  finishedRunsAwaitingComparison,
  type RunAwaitingComparison,
  type RunOrder,
  type RunWithHistory,
  runsWithHistory,
  type SettledRun,
  settleWatchRuns,
} from './watch-run-orders';
export {
  dueWatches,
  lockDueWatch,
  type RunRecord,
  recordWatchRun,
} from './watch-run-placement';
export { listWatchRuns, type WatchRunPage, type WatchRunView } from './watch-runs';
export { changeWatchState, type WatchChange } from './watch-state';
export {
  type AccountWatchFilter,
  type AccountWatchPage,
  createWatch,
  getWatchForAccount,
  listAccountWatches,
  type NewWatch,
  newWatch,
  type PlannedWatch,
} from './watch-store';
export { watchedText } from './watched-text';

export {
  nextPlannedRun,
  plannedRunAt,
  projectedMonthCentavos,
  RUNS_PER_30_DAYS,
  runAfter,
} from './schedule';
export { toWatch, type Watch } from './watch';
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

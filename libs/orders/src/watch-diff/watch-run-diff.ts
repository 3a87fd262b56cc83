import type { WatchDiff } from '@regapi/contracts';
import { compareRecordViews } from './record-diff';
import { type RecordViewRun, recordBaseline } from './record-view-run';
import { searchBaseline, type UfSearchRun } from './search-conclusion';
import { compareSearchRuns } from './search-diff';

/** A watch run and the watch's earlier runs (oldest first), as stored: the one input of the comparison. */
export type WatchRunComparison =
  | {
      readonly tipo: 'pessoa';
      readonly earlier: readonly (readonly UfSearchRun[])[];
      readonly current: readonly UfSearchRun[];
    }
  | { readonly tipo: 'matricula'; readonly earlier: readonly RecordViewRun[]; readonly current: RecordViewRun };

/** The diff of a run against what the watch's earlier runs concluded (decision 0162). */
export function compareWatchRun(input: WatchRunComparison): WatchDiff {
  return input.tipo === 'pessoa'
    ? compareSearchRuns(searchBaseline(input.earlier), input.current)
    : compareRecordViews(recordBaseline(input.earlier), input.current);
}

export { isPageFurniture, type RecordAct, type RecordActs, splitActs } from './act-headings';
export { actNature } from './act-nature';
export { canonicalJson } from './canonical-json';
export { propertiesOnlyIn, propertyKey, watchImovel } from './property-identity';
export { compareRecordViews, IMAGE_ONLY_NOTICE } from './record-diff';
export { type ActChanges, compareRecordTexts } from './record-text-diff';
export { type RecordViewRun, recordBaseline, recordText, recordViewDelivered } from './record-view-run';
export {
  type SearchBaseline,
  type SearchConclusion,
  searchBaseline,
  searchConclusion,
  type UfSearchRun,
} from './search-conclusion';
export { compareSearchRuns } from './search-diff';
export { compareWatchRun, type WatchRunComparison } from './watch-run-diff';

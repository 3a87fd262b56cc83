// The browser tests' helpers, apart from the index (docs/decisions/0180): playwright-core costs every file that
// loads it about 0.3 s, and most of the suite's files never open a page.
export {
  type AccessibilityProblem,
  type AccessibilityScanOptions,
  type AxeImpact,
  accessibilityProblems,
  describeAccessibilityProblems,
} from './accessibility';
export {
  CHROMIUM_ARGS,
  CHROMIUM_BINARY,
  ChromiumMissingError,
  type LaunchChromiumOptions,
  launchChromium,
  PAGE_DEFAULTS,
  type TestChromium,
} from './chromium';
export { SCREENSHOTS_DIR, saveScreenshot } from './screenshot';

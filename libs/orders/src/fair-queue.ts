/**
 * The choice of the next origin call (issue 16, docs/decisions/0085): weighted start-time fair queuing over the
 * session time each task is expected to take, in two levels — internal work against customers (a fixed, small share),
 * then customer accounts against each other (weights from their plans) — FIFO within an account, and the rolling-hour
 * search ceiling (contract 8) as an eligibility rule: a search that cannot start now is passed over, never failed.
 *
 * Below both, a third level: idle work (a watch run, docs/decisions/0152 and 0163), handed out only when no customer
 * and no internal task is eligible, an idle search only while the ceiling keeps a reserve for interactive orders, and
 * only in the forecast's quiet hours, ending within their stretch (decision 0174): the queue is non-preemptive, so a
 * watch run started in a busy hour would hold the session when an interactive order arrives. An idle search also
 * counts under the rolling ceiling for an hour, so it starts no later than an hour before its stretch ends.
 *
 * Pure and synchronous: no clock, no database. Times are epoch milliseconds given by the caller (a driven clock in
 * tests), so the same code decides the real run order and forecasts it (`forecast`) for honest ETAs.
 */

import { EVERY_HOUR_QUIET, type QuietHours } from './quiet-hours';
import {
  checkIdleSearchReserve,
  defaultIdleSearchReserve,
  nextSearchStartAt,
  SEARCH_CEILING_WINDOW_MS,
  startsInCeilingWindow,
} from './search-ceiling';

export interface FairTask {
  /** Unique among queued tasks (an order id, a task message id). */
  readonly id: string;
  /** The customer account the task serves; absent for internal work (checks, reconciliation listings, catalog sync). */
  readonly account?: string;
  /** Expected session time in milliseconds (> 0): what the task costs its account's share. */
  readonly costMs: number;
  /** True for a preliminary search placement: it counts under the hourly ceiling (contract 8). */
  readonly search: boolean;
  /**
   * Idle work (a watch run, decision 0152): runs only when no customer and no internal task is eligible at that
   * instant, and only if it ends before a held interactive search may start; fair among idle tasks by account.
   */
  readonly idle?: boolean;
}

export interface FairQueueOptions {
  /** Contract 8: searches per rolling hour, platform-wide. */
  readonly hourlySearchCeiling: number;
  /**
   * Share of session time internal work gets while customers are backlogged, and the most it takes from them when it
   * is backlogged itself (0 < share < 1). Default 0.1.
   */
  readonly internalShare?: number;
  /** An account's weight (> 0, finite), read when the account's queue becomes non-empty. Default: 1 for everyone. */
  readonly weightOf?: (account: string) => number;
  /**
   * Searches of the hourly ceiling kept for interactive orders: an idle search may start only while fewer than
   * `hourlySearchCeiling − idleSearchReserve` started in the last hour (0 ≤ reserve < ceiling). Default 10, at most
   * the ceiling − 1 (`defaultIdleSearchReserve`).
   */
  readonly idleSearchReserve?: number;
  /** The hours idle work may run in (decision 0174); `setQuietHours` replaces them. Default: every hour. */
  readonly quietHours?: QuietHours;
}

export type FairDecision =
  | { readonly kind: 'run'; readonly task: FairTask }
  /**
   * Only searches held by the ceiling (or its idle reserve) are queued, or idle work that would still run when a held
   * interactive search may start, or idle work outside the quiet hours (or that would cross a quiet stretch's end):
   * nothing may start before `until` (for idle work alone, the next quiet instant it fits in).
   */
  | { readonly kind: 'wait'; readonly until: number }
  /** Nothing queued, or only idle work no quiet stretch of the week can hold (no hour is quiet). */
  | { readonly kind: 'idle' };

export interface FairQueue {
  /** Adds a task at the end of its account's queue (arrival order is call order). A known id is ignored. */
  enqueue(task: FairTask): void;
  /** Takes a queued task out (finished elsewhere, no longer runnable). False when it was not queued. */
  remove(id: string): boolean;
  /** Counts a search placed at `at` (seeding from the attempts of the last hour after a restart). */
  searchStarted(at: number): void;
  /**
   * Replaces the searches counted with `starts` (epoch ms): the attempts table, which every replica writes before each
   * call, is the truth; the queue's own count is a copy of it.
   */
  setSearchStarts(starts: readonly number[]): void;
  /**
   * Returns a task that `next` handed out but that did not run (held by the database's ceiling guard, or its run
   * failed before the origin was called) to the HEAD of its account's lane, so the account's order is kept. The service
   * its flow was charged for it is not refunded: at most one task of delay for that account.
   */
  putBack(task: FairTask): void;
  /** Picks the next task at `now` and takes it out of the queue; a search is counted at `now`. */
  next(now: number): FairDecision;
  /** Tasks queued. */
  size(): number;
  /** Replaces the quiet hours idle work may run in (the forecast re-read, decision 0174); the same hours are no change. */
  setQuietHours(quiet: QuietHours): void;
  /** Whether a search may start at `now` under the ceiling, and if not, when it may. */
  searchOpensAt(now: number): number;
  /**
   * Counts the changes of what a forecast depends on (tasks in or out, idle ones too, tags and the idle level's
   * bookkeeping, the searches counted): equal versions
   * and equal `decidesAt` give the same forecast (docs/decisions/0159). Pruning searches that left the window is no
   * change; a needless bump only costs a forecast.
   */
  version(): number;
  /**
   * The instant the first decision at `now` is taken: `now` when a task may start then (an interactive task the
   * ceiling allows, or an idle one within the reserve, in a quiet hour and ending within its stretch, and before a
   * held interactive search may start), else the instant `next` would wait for (`now` when it would answer `idle`).
   * `forecast(now)` equals `forecast(decidesAt(now))`.
   */
  decidesAt(now: number): number;
  /**
   * Expected start of every queued task if nothing else arrives, each running `durationOf(task)` (default its
   * `costMs`): the same decisions `next` would make, replayed on a copy. Plus `extra`, a task not queued (a new order
   * being quoted or accepted), placed at the end of its account's queue.
   */
  forecast(now: number, extra?: FairTask, durationOf?: (task: FairTask) => number): Map<string, number>;
}

interface Entry {
  readonly task: FairTask;
  readonly seq: number;
  removed: boolean;
}

/** A FIFO with O(1) push and peek; entries taken out are skipped when they reach the head. */
class Lane {
  private head = 0;

  /** `items`: live entries, in order (a forecast's copy shares them: it takes from the head, never flags one). */
  constructor(private items: Entry[] = []) {}

  push(entry: Entry): void {
    this.items.push(entry);
  }

  pushFront(entry: Entry): void {
    this.peek();
    if (this.head > 0) this.items[--this.head] = entry;
    else this.items.unshift(entry);
  }

  /** Takes the head (the entry `peek` answers) out. */
  shift(): void {
    this.peek();
    this.head++;
  }

  peek(): Entry | undefined {
    while (this.items[this.head]?.removed === true) this.head++;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return this.items[this.head];
  }

  /** The entries still queued, in order. */
  live(): Entry[] {
    return this.items.slice(this.head).filter((entry) => !entry.removed);
  }
}

/**
 * One flow of a level: `tag` is its SFQ start tag (the virtual time at which its head starts), raised to the level's
 * virtual time whenever it is a candidate; `served` is its virtual service, raised only when it becomes backlogged,
 * which orders flows tied on `tag` (the one owed most goes first).
 */
interface Flow {
  weight: number;
  tag: number;
  served: number;
  queued: number;
  /** The tasks of the flow, each lane FIFO: a search held by the ceiling does not hold the flow's other tasks. */
  readonly searches: Lane;
  readonly others: Lane;
}

type Level = 'internal' | 'customer' | 'idle';

/** A task's level, from the task alone (a forecast's copy has no `byId` to look it up). */
function levelOf(task: FairTask): Level {
  if (task.idle === true) return 'idle';
  return task.account === undefined ? 'internal' : 'customer';
}

interface Located {
  readonly entry: Entry;
  readonly flow: Flow;
}

interface State {
  seq: number;
  /** Below every `seq` handed out: the sequence of tasks put back at the front. */
  firstSeq: number;
  /** Customer level: one flow per account. */
  customersVirtual: number;
  readonly accounts: Map<string, Flow>;
  /** The accounts with queued tasks: a decision scans these, not every account ever seen. */
  readonly backlogged: Set<Flow>;
  /** Top level: internal work (its tasks in its own lanes) against the customer level as one flow. */
  topVirtual: number;
  readonly internal: Flow;
  readonly customers: Flow;
  /** Idle level (below both): one flow per account, its own virtual time; it never moves the levels above. */
  idleVirtual: number;
  readonly idleAccounts: Map<string, Flow>;
  readonly idleBacklogged: Set<Flow>;
  readonly byId: Map<string, Located>;
  /** Tasks queued (a forecast's copy keeps no `byId`). */
  count: number;
  /** Start times of the searches of the last hour, ascending. */
  starts: number[];
  /** Bumped by every change a forecast could see (`FairQueue.version`). */
  version: number;
  /** Where idle work may run (decision 0174). */
  quiet: QuietHours;
}

function newFlow(weight: number, virtual: number): Flow {
  return { weight, tag: virtual, served: virtual, queued: 0, searches: new Lane(), others: new Lane() };
}

export function createFairQueue(options: FairQueueOptions): FairQueue {
  const limit = options.hourlySearchCeiling;
  const share = options.internalShare ?? 0.1;
  const weightOf = options.weightOf ?? (() => 1);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('hourlySearchCeiling must be a positive integer');
  if (!(share > 0 && share < 1)) throw new RangeError('internalShare must be between 0 and 1');
  const reserve = options.idleSearchReserve ?? defaultIdleSearchReserve(limit);
  checkIdleSearchReserve(reserve, limit);
  const limits: Limits = { interactive: limit, idle: limit - reserve };
  const state: State = {
    seq: 0,
    firstSeq: -1,
    customersVirtual: 0,
    accounts: new Map(),
    backlogged: new Set(),
    topVirtual: 0,
    internal: newFlow(share, 0),
    customers: newFlow(1 - share, 0),
    idleVirtual: 0,
    idleAccounts: new Map(),
    idleBacklogged: new Set(),
    byId: new Map(),
    count: 0,
    starts: [],
    version: 0,
    quiet: options.quietHours ?? EVERY_HOUR_QUIET,
  };

  const api = (s: State): FairQueue => ({
    enqueue: (task) => enqueue(s, task, weightOf),
    remove: (id) => remove(s, id),
    searchStarted: (at) => {
      s.starts.push(at);
      s.starts.sort((a, b) => a - b);
      s.version++;
    },
    setSearchStarts: (starts) => {
      const sorted = [...starts].sort((a, b) => a - b);
      // The runner re-reads the table every second while the ceiling is closed: the same starts are no change.
      if (sorted.length !== s.starts.length || sorted.some((at, i) => at !== s.starts[i])) s.version++;
      s.starts = sorted;
    },
    putBack: (task) => enqueue(s, task, weightOf, 'front'),
    next: (now) => next(s, now, limits),
    size: () => s.count,
    setQuietHours: (quiet) => {
      // Re-read every hour: the same hours are no change.
      const same = quiet.hours.every((hour, bucket) => hour === s.quiet.hours[bucket]);
      s.quiet = quiet;
      if (!same) s.version++;
    },
    searchOpensAt: (now) => opensAt(s, now, limit),
    version: () => s.version,
    decidesAt: (now) => decidesAt(s, now, limits),
    forecast: (now, extra, durationOf) => {
      const copy = api(copyState(s));
      if (extra !== undefined && !s.byId.has(extra.id)) copy.enqueue(extra);
      const starts = new Map<string, number>();
      let at = now;
      for (;;) {
        const decision = copy.next(at);
        if (decision.kind === 'idle') return starts;
        if (decision.kind === 'wait') at = decision.until;
        else {
          starts.set(decision.task.id, at);
          at += durationOf?.(decision.task) ?? decision.task.costMs;
        }
      }
    },
  });
  return api(state);
}

function enqueue(
  s: State,
  task: FairTask,
  weightOf: (account: string) => number,
  end: 'back' | 'front' = 'back',
): void {
  if (s.byId.has(task.id)) return;
  if (!(task.costMs > 0 && Number.isFinite(task.costMs))) throw new RangeError(`task ${task.id}: costMs must be > 0`);
  s.version++;
  let flow = s.internal;
  if (task.idle === true) {
    // Idle work of no account (none exists today) shares one flow.
    const key = task.account ?? '';
    const weight = task.account === undefined ? 1 : weightOf(task.account);
    if (!(weight > 0 && Number.isFinite(weight))) throw new RangeError(`account ${key}: weight must be > 0`);
    flow = s.idleAccounts.get(key) ?? newFlow(weight, s.idleVirtual);
    s.idleAccounts.set(key, flow);
    if (flow.queued === 0) {
      activate(flow, s.idleVirtual, weight);
      s.idleBacklogged.add(flow);
    }
  } else if (task.account !== undefined) {
    const weight = weightOf(task.account);
    if (!(weight > 0 && Number.isFinite(weight))) throw new RangeError(`account ${task.account}: weight must be > 0`);
    flow = s.accounts.get(task.account) ?? newFlow(weight, s.customersVirtual);
    s.accounts.set(task.account, flow);
    if (flow.queued === 0) {
      activate(flow, s.customersVirtual, weight);
      s.backlogged.add(flow);
    }
    // The customer level is one backlogged flow of the top level while any account is.
    if (s.customers.queued === 0) activate(s.customers, s.topVirtual, s.customers.weight);
    s.customers.queued++;
  } else if (flow.queued === 0) {
    activate(flow, s.topVirtual, flow.weight);
  }
  const lane = task.search ? flow.searches : flow.others;
  if (end === 'front') {
    // Older than everything queued, so it stays the account's oldest task against its other lane too.
    const entry: Entry = { task, seq: s.firstSeq--, removed: false };
    lane.pushFront(entry);
    flow.queued++;
    s.count++;
    s.byId.set(task.id, { entry, flow });
    return;
  }
  const entry: Entry = { task, seq: s.seq++, removed: false };
  lane.push(entry);
  flow.queued++;
  s.count++;
  s.byId.set(task.id, { entry, flow });
}

/** SFQ: a flow that becomes backlogged starts at its level's virtual time, with no credit for its idle time. */
function activate(flow: Flow, virtual: number, weight: number): void {
  flow.weight = weight;
  flow.tag = Math.max(flow.tag, virtual);
  flow.served = Math.max(flow.served, virtual);
}

function remove(s: State, id: string): boolean {
  const found = s.byId.get(id);
  if (found === undefined) return false;
  s.version++;
  found.entry.removed = true;
  s.byId.delete(id);
  left(s, found.entry, found.flow);
  return true;
}

/** The counts after `entry` of `flow` left the queue. */
function left(s: State, entry: Entry, flow: Flow): void {
  s.count--;
  flow.queued--;
  const level = levelOf(entry.task);
  if (level === 'customer') {
    s.customers.queued--;
    if (flow.queued === 0) s.backlogged.delete(flow);
  } else if (level === 'idle' && flow.queued === 0) s.idleBacklogged.delete(flow);
}

/** Takes the chosen entry (its lane's head) out, leaving the entry itself untouched (a forecast's copy shares it). */
function take(s: State, pick: Pick): void {
  const { entry, flow } = pick;
  (entry.task.search ? flow.searches : flow.others).shift();
  s.byId.delete(entry.task.id);
  left(s, entry, flow);
}

/** Contract 8: a search may start at `now` while fewer than `limit` started in (now - 1 h, now]. */
function opensAt(s: State, now: number, limit: number): number {
  // Ascending: the starts that left the window are a prefix, dropped in place (a forecast asks at every decision).
  let old = 0;
  while (old < s.starts.length && (s.starts[old] as number) <= now - SEARCH_CEILING_WINDOW_MS) old++;
  if (old > 0) s.starts.splice(0, old);
  return nextSearchStartAt(s.starts, now, limit);
}

/** The entry a flow would run now: the older of its two heads, a search only while the ceiling allows one. */
function candidate(flow: Flow, searchOpen: boolean): Entry | undefined {
  if (flow.queued === 0) return undefined;
  const other = flow.others.peek();
  const search = searchOpen ? flow.searches.peek() : undefined;
  if (other === undefined) return search;
  if (search === undefined) return other;
  return search.seq < other.seq ? search : other;
}

interface Pick {
  readonly flow: Flow;
  readonly entry: Entry;
}

/**
 * The SFQ choice within a level among flows that have a candidate: least tag, then least virtual service, then the
 * oldest task. A candidate is first raised to the level's virtual time, so a flow passed over (its searches held by
 * the ceiling) banks no credit in tags; `served` still remembers what it is owed, for ties.
 */
function choose(virtual: number, picks: readonly Pick[]): Pick | undefined {
  let best: Pick | undefined;
  for (const pick of picks) {
    pick.flow.tag = Math.max(pick.flow.tag, virtual);
    if (best === undefined || before(pick, best)) best = pick;
  }
  return best;
}

function before(a: Pick, b: Pick): boolean {
  if (a.flow.tag !== b.flow.tag) return a.flow.tag < b.flow.tag;
  if (a.flow.served !== b.flow.served) return a.flow.served < b.flow.served;
  return a.entry.seq < b.entry.seq;
}

/** Serves the flow's head: the level's virtual time becomes its start tag; the flow pays cost / weight. */
function serve(flow: Flow, costMs: number): number {
  const start = flow.tag;
  flow.tag += costMs / flow.weight;
  flow.served += costMs / flow.weight;
  return start;
}

interface Limits {
  /** Searches per rolling hour for customer and internal work: the ceiling. */
  readonly interactive: number;
  /** For idle work: the ceiling minus the reserve. */
  readonly idle: number;
}

function next(s: State, now: number, limits: Limits): FairDecision {
  if (s.count === 0) return { kind: 'idle' };
  const open = opensAt(s, now, limits.interactive);
  const searchOpen = open <= now;
  const accounts: Pick[] = [];
  for (const flow of s.backlogged) {
    const entry = candidate(flow, searchOpen);
    if (entry !== undefined) accounts.push({ flow, entry });
  }
  const account = choose(s.customersVirtual, accounts);
  const internal = candidate(s.internal, searchOpen);
  let chosen: Pick | undefined;
  if (internal !== undefined && account !== undefined) {
    s.internal.tag = Math.max(s.internal.tag, s.topVirtual);
    s.customers.tag = Math.max(s.customers.tag, s.topVirtual);
    // Internal work first on a tie: a check waits at most for the task in service.
    const internalFirst = s.internal.tag <= s.customers.tag;
    s.topVirtual = serve(
      internalFirst ? s.internal : s.customers,
      (internalFirst ? internal : account.entry).task.costMs,
    );
    chosen = internalFirst ? { flow: s.internal, entry: internal } : account;
  } else if (internal !== undefined) {
    s.internal.tag = Math.max(s.internal.tag, s.topVirtual);
    s.topVirtual = serve(s.internal, internal.task.costMs);
    chosen = { flow: s.internal, entry: internal };
  } else if (account !== undefined) {
    s.customers.tag = Math.max(s.customers.tag, s.topVirtual);
    s.topVirtual = serve(s.customers, account.entry.task.costMs);
    chosen = account;
  }
  if (chosen === undefined) return nextIdle(s, now, open, limits.idle);
  s.version++;
  // Internal work leaves the customer level where it was.
  if (chosen === account) s.customersVirtual = serve(account.flow, account.entry.task.costMs);
  take(s, chosen);
  if (chosen.entry.task.search) s.starts.push(now);
  return { kind: 'run', task: chosen.entry.task };
}

/**
 * The instant `next` first hands a task out from `now` on if nothing changes (its first `wait` is state-neutral):
 * `now` when an interactive task is eligible, or an idle one (within the reserve, in a quiet stretch it ends within,
 * and, while interactive work is held, ending by the ceiling's reopening); else the `until` that `next` would answer,
 * or `now` when it would answer `idle`. An idle search held only by the reserve may not start now. Reads the state
 * only, without pruning: `now` may be ahead of the runner's clock (the end of the task in progress), and a start that
 * leaves the window by then still counts for the runner now.
 */
function decidesAt(s: State, now: number, limits: Limits): number {
  if (s.count === 0) return now;
  const window = startsInCeilingWindow(s.starts, now);
  const open = nextSearchStartAt(window, now, limits.interactive);
  const interactiveQueued = s.customers.queued + s.internal.queued > 0;
  if (interactiveQueued) {
    // With the ceiling open every queued interactive flow has a candidate.
    if (open <= now || s.internal.others.peek() !== undefined) return now;
    for (const flow of s.backlogged) if (flow.others.peek() !== undefined) return now;
  }
  const idleOpen = nextSearchStartAt(window, now, limits.idle);
  const bounds = idleBounds(s, now, interactiveQueued ? open : Number.POSITIVE_INFINITY);
  for (const flow of s.idleBacklogged) if (idleCandidate(flow, now, idleOpen <= now, bounds) !== undefined) return now;
  if (interactiveQueued) return open;
  return idleResumesAt(s, now, idleOpen) ?? now;
}

/**
 * Nothing interactive is eligible at `now` (queued interactive work, if any, is searches the ceiling holds until
 * `open`): the idle level's SFQ choice among its candidates — a search only under the reserve, only in a quiet hour
 * and ending within its stretch (decision 0174), and while interactive work waits only a task expected to end by
 * `open`, so idle work never takes session time a customer task could use.
 */
function nextIdle(s: State, now: number, open: number, idleLimit: number): FairDecision {
  const interactiveQueued = s.customers.queued + s.internal.queued > 0;
  const idleOpen = nextSearchStartAt(s.starts, now, idleLimit);
  const bounds = idleBounds(s, now, interactiveQueued ? open : Number.POSITIVE_INFINITY);
  const picks: Pick[] = [];
  for (const flow of s.idleBacklogged) {
    const entry = idleCandidate(flow, now, idleOpen <= now, bounds);
    if (entry !== undefined) picks.push({ flow, entry });
  }
  const pick = choose(s.idleVirtual, picks);
  if (pick === undefined) {
    // With interactive work held, it goes first at `open` (before the idle reserve can reopen).
    if (interactiveQueued) return { kind: 'wait', until: open };
    const resumes = idleResumesAt(s, now, idleOpen);
    return resumes === undefined ? { kind: 'idle' } : { kind: 'wait', until: resumes };
  }
  s.version++;
  s.idleVirtual = serve(pick.flow, pick.entry.task.costMs);
  take(s, pick);
  if (pick.entry.task.search) s.starts.push(now);
  return { kind: 'run', task: pick.entry.task };
}

/** What an idle task starting at `now` must end by: its quiet stretch's end (decision 0174), and also `by`. */
interface IdleBounds {
  /** The stretch's end (−∞ outside a quiet hour): the task's run, and a search's ceiling shadow, must end by it. */
  readonly stretchEnd: number;
  /** The stretch's end or a held interactive search's slot, the earlier: the task's run must end by it. */
  readonly runEnd: number;
}

function idleBounds(s: State, now: number, by: number): IdleBounds {
  const end = s.quiet.stretchEndAt(now) ?? Number.NEGATIVE_INFINITY;
  return { stretchEnd: end, runEnd: Math.min(end, by) };
}

/**
 * How long an idle task takes of its quiet stretch: its cost, and for a search at least the rolling hour it counts
 * under the ceiling (decision 0174): an idle search started in the stretch's last hour would still take ceiling from
 * the first busy hour's customers.
 */
function idleSpanMs(task: FairTask): number {
  return task.search ? Math.max(task.costMs, SEARCH_CEILING_WINDOW_MS) : task.costMs;
}

/**
 * The idle entry a flow would run at `now`: the older of its heads that may start then (a search only while the
 * reserve allows one), is expected to end by `bounds.runEnd`, and whose span (`idleSpanMs`) ends by the stretch's end.
 */
function idleCandidate(flow: Flow, now: number, searchOpen: boolean, bounds: IdleBounds): Entry | undefined {
  if (flow.queued === 0) return undefined;
  let best: Entry | undefined;
  for (const entry of [flow.others.peek(), searchOpen ? flow.searches.peek() : undefined]) {
    if (entry === undefined || now + entry.task.costMs > bounds.runEnd) continue;
    if (now + idleSpanMs(entry.task) > bounds.stretchEnd) continue;
    if (best === undefined || entry.seq < best.seq) best = entry;
  }
  return best;
}

/**
 * Nothing interactive queued and no idle task may start at `now`: the first instant a queued idle task may, if nothing
 * changes — in a quiet hour it (a search: its ceiling shadow, `idleSpanMs`) ends within the stretch of, a search not before the reserve reopens at `idleOpen` (it
 * may close again: a lower bound). Later than `now` (every head that fits now is a candidate); undefined when no quiet
 * stretch of the week holds any.
 */
function idleResumesAt(s: State, now: number, idleOpen: number): number | undefined {
  let first: number | undefined;
  for (const flow of s.idleBacklogged) {
    const heads: [Entry | undefined, number][] = [
      [flow.others.peek(), now],
      [flow.searches.peek(), Math.max(now, idleOpen)],
    ];
    for (const [entry, from] of heads) {
      const at = entry === undefined ? undefined : s.quiet.nextFit(from, idleSpanMs(entry.task));
      if (at !== undefined && (first === undefined || at < first)) first = at;
    }
  }
  return first;
}

/**
 * A copy for forecasts: the same tags, lanes (all three levels) and ceiling window, sharing nothing mutable but the
 * entries, which a replay only takes from its lanes' heads (`take`), never flags. No `byId`: a replay looks nothing up
 * by id.
 */
function copyState(s: State): State {
  const copyFlow = (flow: Flow): Flow => {
    const searches = flow.searches.live();
    const others = flow.others.live();
    return {
      weight: flow.weight,
      tag: flow.tag,
      served: flow.served,
      queued: searches.length + others.length,
      searches: new Lane(searches),
      others: new Lane(others),
    };
  };
  const accounts = new Map<string, Flow>();
  const backlogged = new Set<Flow>();
  for (const [key, flow] of s.accounts) {
    const copy = copyFlow(flow);
    accounts.set(key, copy);
    if (copy.queued > 0) backlogged.add(copy);
  }
  const idleAccounts = new Map<string, Flow>();
  const idleBacklogged = new Set<Flow>();
  for (const [key, flow] of s.idleAccounts) {
    const copy = copyFlow(flow);
    idleAccounts.set(key, copy);
    if (copy.queued > 0) idleBacklogged.add(copy);
  }
  const customers = newFlow(s.customers.weight, 0);
  customers.tag = s.customers.tag;
  customers.served = s.customers.served;
  customers.queued = s.customers.queued;
  return {
    seq: s.seq,
    firstSeq: s.firstSeq,
    customersVirtual: s.customersVirtual,
    accounts,
    backlogged,
    topVirtual: s.topVirtual,
    internal: copyFlow(s.internal),
    customers,
    idleVirtual: s.idleVirtual,
    idleAccounts,
    idleBacklogged,
    byId: new Map(),
    count: s.count,
    starts: [...s.starts],
    version: s.version,
    quiet: s.quiet,
  };
}

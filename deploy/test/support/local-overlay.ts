import { freePort, type Spawned, spawnCaptured, waitFor } from '@regapi/testkit';
import { acceptsConnections } from '../../src/distributed/wait-for-port';
import {
  type EnvChange,
  type K8sObject,
  localEnv,
  localMap,
  type PodProcess,
  type Probe,
  podProcessesOf,
  probeTarget,
  type StandIn,
} from '../../src/k8s';
import { asImageProcess, type ImageTree, imageEnv } from './image-tree';

/** The image every Deployment and Job of ours runs. */
export const IMAGE = 'ghcr.io/regapi/regapi';

/** One pod of a rendered workload, as a process of this machine. */
export interface LocalPod {
  readonly process: PodProcess;
  /** 0 for the first replica. */
  readonly replica: number;
  /** `<workload name>-<replica>`, for messages. */
  readonly name: string;
  /** Container port → the port it has here. */
  readonly ports: ReadonlyMap<number, number>;
  /** Exactly the manifests' values, after the changes below (decision 0069). */
  readonly env: Readonly<Record<string, string>>;
  readonly changes: readonly EnvChange[];
}

/** Every pod of the image's workloads, each with free ports and the environment the manifests give it here. */
export async function planLocalPods(objects: readonly K8sObject[], standIns: readonly StandIn[]): Promise<LocalPod[]> {
  const processes = podProcessesOf(objects, IMAGE);
  const taken = new Set<number>();
  const uniqueFreePort = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  const placed: { process: PodProcess; replica: number; ports: Map<number, number> }[] = [];
  for (const process of processes) {
    for (let replica = 0; replica < process.replicas; replica++) {
      const ports = new Map<number, number>();
      for (const port of process.container.ports ?? []) ports.set(port.containerPort, await uniqueFreePort());
      placed.push({ process, replica, ports });
    }
  }
  // A Service's traffic goes to one replica here: the first.
  const map = localMap(objects, processes, standIns, (process, containerPort) =>
    placed.find((pod) => pod.process === process && pod.replica === 0)?.ports.get(containerPort),
  );
  return placed.map(({ process, replica, ports }) => ({
    process,
    replica,
    name: `${process.name}-${replica}`,
    ports,
    ...localEnv(process, map, ports),
  }));
}

/**
 * Starts the pod's command as its container would: from the image's file tree (its working folder, read-only, as the
 * image's user when the test runs as root), with the image's `ENV` under the pod's own variables, and nothing else.
 */
export function runPod(pod: LocalPod, tree: ImageTree): Spawned {
  const [program, ...args] = pod.process.argv;
  if (program !== 'node') throw new Error(`${pod.name}: runs ${program}, not node`);
  return spawnCaptured(process.execPath, args, asImageProcess(tree, { ...imageEnv(), ...pod.env }));
}

/** Does `probe` of the pod, as the manifest writes it, pass right now? */
export async function probePasses(pod: LocalPod, probe: Probe): Promise<boolean> {
  const target = probeTarget(pod.process, probe, pod.ports);
  if (target.kind === 'tcp') return acceptsConnections(target.port);
  const answer = await fetch(`http://127.0.0.1:${target.port}${target.path}`).catch(() => undefined);
  return answer?.status === 200;
}

/** Does the pod's readiness probe pass right now? */
export function isReady(pod: LocalPod): Promise<boolean> {
  const probe = pod.process.container.readinessProbe;
  if (probe === undefined) throw new Error(`${pod.name} has no readiness probe`);
  return probePasses(pod, probe);
}

export interface RunningPod extends LocalPod {
  readonly spawned: Spawned;
}

export interface LocalOverlay {
  readonly pods: readonly RunningPod[];
  readonly jobs: readonly { readonly pod: LocalPod; readonly exit: number | string }[];
  /** The running replicas of a Deployment. */
  replicasOf(name: string): RunningPod[];
  /** SIGTERM to every pod still running, as a rollout's end would. */
  stop(): Promise<void>;
}

async function untilReady(pod: RunningPod, timeoutMs: number): Promise<void> {
  await waitFor(
    async () => {
      if (pod.spawned.child.exitCode !== null || pod.spawned.child.signalCode !== null) {
        throw new Error(`${pod.name} exited (${await pod.spawned.exited}):\n${pod.spawned.output().slice(-3000)}`);
      }
      return isReady(pod);
    },
    { timeoutMs, intervalMs: 100, what: `${pod.name} ready` },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n--- ${pod.name} ---\n${pod.spawned.output().slice(-3000)}`);
  });
}

/**
 * Runs a rendered overlay's pods here, in the order a rollout gives them: each Job to completion (k8s/README.md:
 * the migration Job first), then the Deployments other pods reach through a Service and that reach none themselves
 * (the origin simulator) until ready, then the rest until every readiness probe passes. A pod reached that reaches
 * others (the gateway, which the console calls) starts with the rest: its readiness may wait for them (the gateway's
 * for the bucket the archive creates).
 */
export async function startLocalOverlay(
  objects: readonly K8sObject[],
  standIns: readonly StandIn[],
  tree: ImageTree,
  timeoutMs = 60_000,
): Promise<LocalOverlay> {
  const planned = await planLocalPods(objects, standIns);
  const jobs: { pod: LocalPod; exit: number | string }[] = [];
  for (const pod of planned.filter((p) => p.process.kind === 'Job')) {
    const spawned = runPod(pod, tree);
    const exit = await spawned.exited;
    if (exit !== 0) throw new Error(`${pod.name} exited ${exit}:\n${spawned.output()}`);
    jobs.push({ pod, exit });
  }
  const deployments = planned.filter((p) => p.process.kind === 'Deployment');
  // Reached by others: a Service host another pod's URL was mapped to is one of this pod's ports.
  const reachedPorts = new Set(
    planned.flatMap((pod) =>
      pod.changes.filter((c) => c.rule === 'service host').map((c) => Number(new URL(c.to).port)),
    ),
  );
  const reached = (pod: LocalPod) =>
    [...pod.ports.values()].some((port) => reachedPorts.has(port)) &&
    !pod.changes.some((change) => change.rule === 'service host');
  const pods: RunningPod[] = [];
  const stop = async () => {
    await Promise.all(pods.map((pod) => pod.spawned.stop('SIGTERM')));
  };
  try {
    for (const wave of [deployments.filter(reached), deployments.filter((pod) => !reached(pod))]) {
      const started = wave.map((pod) => ({ ...pod, spawned: runPod(pod, tree) }));
      pods.push(...started);
      await Promise.all(started.map((pod) => untilReady(pod, timeoutMs)));
    }
  } catch (error: unknown) {
    await stop();
    throw error;
  }
  return {
    pods,
    jobs,
    replicasOf: (name) => pods.filter((pod) => pod.process.name === name),
    stop,
  };
}

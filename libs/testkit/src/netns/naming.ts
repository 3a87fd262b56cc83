/**
 * Names and addresses of one harness instance. Every instance takes a "slot": a /29 inside 10.213.0.0/16 holding
 * the /30 of each of its two links, and the host-side veth names `rfx<slot>d` / `rfx<slot>n`. Creating the host veth
 * is what claims a slot (the kernel refuses a second link of the same name), so two processes or CI jobs on one
 * machine cannot be given the same addresses even when their first guesses collide.
 */

export const NETNS_PREFIX = 'regapi-fault';
/** 10.213.0.0/16 holds 8192 slots of 8 addresses. */
export const SLOT_COUNT = 8192;
const BASE = (10 << 24) | (213 << 16);

export type NetnsLinkName = 'db' | 'net';
export const LINK_NAMES: readonly NetnsLinkName[] = ['db', 'net'];

export interface NetnsLink {
  /** The host's address on the link: what a process in the namespace connects to. */
  readonly hostIp: string;
  /** The namespace's address on the link: the peer address the host's servers see. */
  readonly nsIp: string;
  /** The host side's interface (in the host's namespace). */
  readonly hostDevice: string;
  /** The namespace side's interface. */
  readonly nsDevice: string;
}

function dotted(address: number): string {
  return [24, 16, 8, 0].map((shift) => (address >>> shift) & 255).join('.');
}

export function namespaceName(pid: number, slot: number): string {
  return `${NETNS_PREFIX}-${pid}-${slot}`;
}

/** The creator's pid and the slot of a namespace this harness named; undefined for any other namespace. */
export function parseNamespaceName(name: string): { pid: number; slot: number } | undefined {
  const match = new RegExp(`^${NETNS_PREFIX}-(\\d+)-(\\d+)$`).exec(name);
  return match === null ? undefined : { pid: Number(match[1]), slot: Number(match[2]) };
}

/** Host-side interface names stay within Linux's 15 characters: `rfx8191d` at most. */
export const HOST_DEVICE_PATTERN = /^rfx\d+[dn]$/;

export function linkFor(slot: number, link: NetnsLinkName): NetnsLink {
  const offset = link === 'db' ? 0 : 4;
  const network = BASE + slot * 8 + offset;
  return {
    hostIp: dotted(network + 1),
    nsIp: dotted(network + 2),
    hostDevice: `rfx${slot}${link === 'db' ? 'd' : 'n'}`,
    nsDevice: `${link}0`,
  };
}

/** Where a process starts looking for a free slot: spread by pid so concurrent runs rarely try the same ones. */
export function firstSlot(pid: number, counter: number): number {
  return (pid * 61 + counter) % SLOT_COUNT;
}

/** The alias written on host-side links: lets a later run's sweep find links whose creator is gone. */
export function creatorAlias(pid: number): string {
  // No space: it goes through `ip -batch`, whose lines are split on spaces.
  return `${NETNS_PREFIX}-pid-${pid}`;
}

export function parseCreatorAlias(alias: string): number | undefined {
  const match = new RegExp(`^${NETNS_PREFIX}-pid-(\\d+)$`).exec(alias);
  return match === null ? undefined : Number(match[1]);
}

import type { DocumentKind } from './document-kind';

// A protocolo is digits (contract 2.2) and an account id a UUID: neither can climb out of its folder.
const PROTOCOLO = /^[0-9]+$/;
const ACCOUNT = /^[0-9a-zA-Z-]+$/;

function checked(accountId: string, protocolo: string): void {
  if (!ACCOUNT.test(accountId)) throw new RangeError(`account id ${JSON.stringify(accountId)} cannot be a key part`);
  if (!PROTOCOLO.test(protocolo)) throw new RangeError(`protocolo ${JSON.stringify(protocolo)} is not digits`);
}

/**
 * Where a delivered document lives in the bucket: derived from account and protocolo only, so storing it again (a
 * redelivered message, a retry) overwrites the same object instead of leaving a second copy. Listing
 * `documents/<account>/` gives one customer's documents (an export, a deletion request).
 */
export function documentKey(accountId: string, protocolo: string, kind: DocumentKind): string {
  checked(accountId, protocolo);
  return `documents/${accountId}/${protocolo}/${kind}.pdf`;
}

/**
 * Where a document the archive refused to deliver is kept for an operator (a certificate whose signature does not
 * verify, docs/decisions/0032): outside `documents/`, never served by the document endpoint.
 */
export function quarantineKey(accountId: string, protocolo: string, kind: DocumentKind): string {
  checked(accountId, protocolo);
  return `quarantine/${accountId}/${protocolo}/${kind}.pdf`;
}

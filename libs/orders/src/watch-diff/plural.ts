/** `1 imóvel novo`, `2 imóveis novos`: the count and the word that agrees with it. */
export function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `SP`, `SP e MG`, `SP, MG e RJ`; more than three: `5 UFs`. */
export function ufList(ufs: readonly string[]): string {
  if (ufs.length > 3) return `${ufs.length} UFs`;
  if (ufs.length <= 1) return ufs.join('');
  return `${ufs.slice(0, -1).join(', ')} e ${ufs.at(-1) ?? ''}`;
}

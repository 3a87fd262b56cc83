/**
 * How a municipality name is compared (issue 5: case- and accent-insensitive). A client types the OFFICE's
 * municipality (contract 2.3 `imovel_municipio`) as people write it: "sao paulo", "São  Paulo", "SAO PAULO", "Embu Guaçu"
 * for "Embu-Guaçu" all name the same place. Accents and case go, hyphens become blanks, apostrophes and dots vanish
 * ("Santa Bárbara d'Oeste" = "santa barbara doeste"), blanks collapse.
 */
export function municipioKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’`´.]/g, '')
    .replace(/[-‐–—]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

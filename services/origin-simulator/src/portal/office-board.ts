import type { SimOffice } from '../world/offices';

/**
 * Offices taken out of service or put back through `/control/offices` (issue 12), over the state the world was
 * generated with (85 out of service). Lives in the portal state, so `POST /control/reset` forgets it. The catalog, the
 * property orders and the searches all ask here, so the origin never contradicts itself about one office.
 */
export class OfficeBoard {
  private readonly overrides = new Map<string, boolean>();

  isAvailable(office: Pick<SimOffice, 'cns' | 'disponivel'>): boolean {
    return this.overrides.get(office.cns) ?? office.disponivel;
  }

  set(cns: string, available: boolean): void {
    this.overrides.set(cns, available);
  }

  list(): readonly { cns: string; disponivel: boolean }[] {
    return [...this.overrides].map(([cns, disponivel]) => ({ cns, disponivel }));
  }
}

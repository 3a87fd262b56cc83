export { type CatalogOffice, toCatalogOffice } from './catalog-office';
export { findOffice, findOfficeByCns, type OfficeAddress, officeFee, searchFee } from './lookups';
export { municipioKey } from './municipio-key';
export { markOfficeUnavailable, type OfficeMark } from './office-outage';
export {
  getProductStatus,
  isProductEnabled,
  type ProductStatus,
  type ProductStatusChange,
  setProductEnabled,
} from './product-status';
export {
  type CatalogSnapshot,
  type CatalogSyncResult,
  type CatalogSyncStamp,
  InvalidCatalogError,
  lastCatalogSync,
  syncCatalog,
} from './sync-catalog';

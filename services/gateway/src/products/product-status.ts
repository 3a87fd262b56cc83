/**
 * Product status moved to libs/catalog (one copy for the gateway, which reads it, and origin-session, which takes a
 * product out of service on 602/603 from the origin). Re-exported so the gateway's imports stay as they were.
 */
export { getProductStatus, isProductEnabled, type ProductStatus, setProductEnabled } from '@regapi/catalog';

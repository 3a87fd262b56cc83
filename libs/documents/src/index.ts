export { documentKey, quarantineKey } from './document-key';
export { DOCUMENT_KINDS, type DocumentKind, isDocumentKind, PRIMARY_DOCUMENT_KIND } from './document-kind';
export { documentPath, documentUrl } from './document-url';
export { createFileStorage } from './file-storage';
export {
  findOrderDocument,
  listOrderDocuments,
  type OrderDocument,
  upsertOrderDocument,
} from './order-documents';
export { type S3Settings, s3Config, s3SettingsFrom } from './s3-config';
export {
  type ByteRange,
  createS3Storage,
  type DocumentStorage,
  type PutDocument,
  type StoredObject,
} from './s3-storage';

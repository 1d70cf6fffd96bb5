/** Reading API documents into operations: loading, `$ref`-able JSON pointers, operation listing and selection. */
export { chooseMediaType } from "./choose-media-type.js";
export { type DocumentKind, detectDocumentKind } from "./detect-document-kind.js";
export {
  appendJsonPointer,
  escapeJsonPointerToken,
  formatJsonPointer,
  isExternalRef,
  parseJsonPointer,
  resolveJsonPointer,
} from "./json-pointer.js";
export { type ListedOperation, listOperations, readOperations } from "./list-operations.js";
export { loadDocument, MAX_DOCUMENT_NESTING } from "./load-document.js";
export { operationFromToolDetail } from "./operation-from-tool-detail.js";
export type {
  ArgumentSection,
  EncodingSpec,
  HttpMethod,
  OperationSpec,
  ParameterLocation,
  ParameterSpec,
  RequestBodySpec,
} from "./operation-spec.js";
export { type OperationIdentity, selectOperations } from "./select-operations.js";
export { upgradeSwagger2 } from "./upgrade-swagger2.js";

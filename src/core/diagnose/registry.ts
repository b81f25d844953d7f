import type { Rule } from './rule';
import { authMetadata } from './rules/authMetadata';
import { authIssuerMismatch } from './rules/authIssuerMismatch';
import { authPkceUnsupported } from './rules/authPkceUnsupported';
import { authRegistration } from './rules/authRegistration';
import { authStateMismatch } from './rules/authStateMismatch';
import { authToken } from './rules/authToken';
import { authResourceMismatch } from './rules/authResourceMismatch';
import { authInsufficientScope } from './rules/authInsufficientScope';
import { authDpopNonce } from './rules/authDpopNonce';
import { authAssertion, authTokenExchange } from './rules/authAssertionGrants';
import { appCspViolation, appResourceInvalid, appUnknownTool } from './rules/appFaults';
import { appNotInitialized } from './rules/appNotInitialized';
import { appProtocolViolation } from './rules/appProtocolViolation';
import { capabilityNotDeclared } from './rules/capabilityNotDeclared';
import { connectionReset } from './rules/connectionReset';
import { crashed } from './rules/crashed';
import { domainErrorAsProtocolError } from './rules/domainErrorAsProtocolError';
import { duplicateResponse } from './rules/duplicateResponse';
import { errorIn200 } from './rules/errorIn200';
import { exitedEarly } from './rules/exitedEarly';
import { gluedOutput } from './rules/gluedOutput';
import { httpStatus } from './rules/httpStatus';
import { httpUnreachable } from './rules/httpUnreachable';
import { httpRedirect } from './rules/httpRedirect';
import { httpHeadersOversize } from './rules/httpHeadersOversize';
import { httpBodyOversize } from './rules/httpBodyOversize';
import { jsonTooDeep } from './rules/jsonTooDeep';
import { sseNoEvent } from './rules/sseNoEvent';
import { invalidParams } from './rules/invalidParams';
import { invalidToolHeader } from './rules/invalidToolHeader';
import { invalidUtf8 } from './rules/invalidUtf8';
import { inputRepeated } from './rules/inputRepeated';
import { inputRetryAccepted } from './rules/inputRetryAccepted';
import { inputRequiredMalformed, unknownInputRequest } from './rules/inputRequiredMalformed';
import { missingClientCapability } from './rules/missingClientCapability';
import { taskAckInvalid } from './rules/taskAckInvalid';
import { taskEnvelopeInvalid } from './rules/taskEnvelopeInvalid';
import { taskLost } from './rules/taskLost';
import { taskStatusRegressed } from './rules/taskStatusRegressed';
import { taskOutcomeInvalid } from './rules/taskOutcomeInvalid';
import { taskResultUndeclared } from './rules/taskResultUndeclared';
import { tasksCapabilityInvalid } from './rules/tasksCapabilityInvalid';
import { undeclaredClientCapability } from './rules/undeclaredClientCapability';
import { urlElicitationRequired } from './rules/urlElicitationRequired';
import { messageAfterCancel } from './rules/messageAfterCancel';
import { notificationBeforeAcknowledged } from './rules/notificationBeforeAcknowledged';
import { unrequestedNotification } from './rules/unrequestedNotification';
import { missingInitialized } from './rules/missingInitialized';
import { missingMeta } from './rules/missingMeta';
import { multilineJson } from './rules/multilineJson';
import { noDiscover } from './rules/noDiscover';
import { noResponse } from './rules/noResponse';
import { notJsonrpc } from './rules/notJsonrpc';
import { nullId } from './rules/nullId';
import { outputSchemaMismatch } from './rules/outputSchemaMismatch';
import { invalidInputAccepted } from './rules/invalidInputAccepted';
import { errorLeaksInternals } from './rules/errorLeaksInternals';
import { paginationLoop } from './rules/paginationLoop';
import { partialLine } from './rules/partialLine';
import { progressNotIncreasing } from './rules/progressNotIncreasing';
import { replyToNotification } from './rules/replyToNotification';
import { requestBeforeInitialize } from './rules/requestBeforeInitialize';
import { resultAndError } from './rules/resultAndError';
import { schemaViolation } from './rules/schemaViolation';
import { sessionExpired } from './rules/sessionExpired';
import { sseEndpointInvalid } from './rules/sseEndpointInvalid';
import { sseStreamClosed } from './rules/sseStreamClosed';
import { spawnFailed } from './rules/spawnFailed';
import { strayStdout } from './rules/strayStdout';
import { timeout } from './rules/timeout';
import { memoryGrowth } from './rules/memoryGrowth';
import { latencyGrowth } from './rules/latencyGrowth';
import { toolError } from './rules/toolError';
import { toolNameInvalid } from './rules/toolNameInvalid';
import { lookAlikeNames } from './rules/lookAlikeNames';
import { undeclaredCapability } from './rules/undeclaredCapability';
import { unknownResponseId } from './rules/unknownResponseId';
import { unsupportedVersion } from './rules/unsupportedVersion';
import { versionMismatch } from './rules/versionMismatch';
import { PROBE_RULES } from './rules/probeRules';
import { SKILL_RULES } from './rules/skillRules';

/** Every rule of the DESIGN.md §4 catalogue, in the catalogue's order. */
export const RULES: readonly Rule[] = [
  ...PROBE_RULES,
  ...SKILL_RULES,
  spawnFailed,
  exitedEarly,
  crashed,
  noResponse,
  strayStdout,
  gluedOutput,
  multilineJson,
  notJsonrpc,
  partialLine,
  invalidUtf8,
  requestBeforeInitialize,
  missingInitialized,
  versionMismatch,
  unsupportedVersion,
  missingMeta,
  noDiscover,
  missingClientCapability,
  undeclaredClientCapability,
  undeclaredCapability,
  capabilityNotDeclared,
  toolNameInvalid,
  lookAlikeNames,
  unrequestedNotification,
  invalidParams,
  toolError,
  domainErrorAsProtocolError,
  outputSchemaMismatch,
  invalidInputAccepted,
  errorLeaksInternals,
  urlElicitationRequired,
  appResourceInvalid,
  appCspViolation,
  appUnknownTool,
  appNotInitialized,
  appProtocolViolation,
  unknownResponseId,
  duplicateResponse,
  nullId,
  resultAndError,
  replyToNotification,
  schemaViolation,
  inputRequiredMalformed,
  unknownInputRequest,
  tasksCapabilityInvalid,
  taskResultUndeclared,
  taskEnvelopeInvalid,
  taskOutcomeInvalid,
  taskAckInvalid,
  taskLost,
  taskStatusRegressed,
  progressNotIncreasing,
  messageAfterCancel,
  notificationBeforeAcknowledged,
  paginationLoop,
  inputRepeated,
  inputRetryAccepted,
  timeout,
  memoryGrowth,
  latencyGrowth,
  httpUnreachable,
  httpStatus,
  sessionExpired,
  connectionReset,
  httpRedirect,
  httpHeadersOversize,
  sseNoEvent,
  httpBodyOversize,
  jsonTooDeep,
  sseEndpointInvalid,
  sseStreamClosed,
  invalidToolHeader,
  errorIn200,
  authMetadata,
  authIssuerMismatch,
  authPkceUnsupported,
  authRegistration,
  authStateMismatch,
  authToken,
  authResourceMismatch,
  authInsufficientScope,
  authDpopNonce,
  authTokenExchange,
  authAssertion,
];

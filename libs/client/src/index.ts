export * from './errors';
export { AgentTransfer, DEFAULT_TRANSFER_IDLE_MS, type ImportSource, type ImportSummary, type TransferOptions, type TransferProgress } from './agent-transfer';
export { CONSISTENCY_HEADER, ConsistencyJar } from './consistency';
export { jsonLines } from './json-lines';
export { LimbicClient, type Agent, type CallOptions, type DeleteAgentResult, type FeedbackResult, type ForgetResult, type LimbicClientOptions, type MemoriesOptions, type Memory, type RecallItem, type RecallOptions, type RecallResult, type RememberInput, type Signals, type StateSample } from './limbic-client';
export { paginate, type Page } from './pagination';
export { DEFAULT_RETRY, shouldRetry, type RetryPolicy } from './retry';
export { HttpClient, HttpTransport, IdleTimer, type GraphqlRequest, type GraphqlResponse, type GraphqlTransport, type HttpOptions, type RequestTiming } from './transport';
export * as operations from './generated/graphql';
export type {
  AffectInput,
  AgentPreset,
  ArchivedFilter,
  FeedbackInput,
  FeedbackSignal,
  ForgetMode,
  GoalInput,
  MemoryFilterInput,
  MemoryListFilterInput,
  MemoryOrder,
  MemoryPatchInput,
  RecallProfile,
  SignalWeightsInput,
  SpreadInput,
  UpdateAgentInput,
} from './generated/graphql';

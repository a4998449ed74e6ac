export * from './errors';
export { AgentTransfer, type ImportSource, type ImportSummary, type TransferProgress } from './agent-transfer';
export { LimbicClient, type Agent, type DeleteAgentResult, type FeedbackResult, type ForgetResult, type LimbicClientOptions, type MemoriesOptions, type Memory, type Page, type RecallItem, type RecallOptions, type RecallResult, type RememberInput, type Signals } from './limbic-client';
export { DEFAULT_RETRY, shouldRetry, type RetryPolicy } from './retry';
export { HttpClient, HttpTransport, type GraphqlErrorBody, type GraphqlRequest, type GraphqlResponse, type GraphqlTransport, type HttpOptions } from './transport';
export * as operations from './generated/graphql';

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LimbicError } from '@limbic/client';

/** Where a failed tool call carries the API's error, for clients that branch on the code. */
export const ERROR_META_KEY = 'limbic/error';

export interface ToolErrorInfo {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
  readonly retryAfterMs?: number;
}

export function toolResult<T extends Record<string, unknown>>(text: string, structured: T): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/**
 * A LimbicError as an MCP tool error: the model reads "CODE: message" and can correct its
 * input. {code, message} go in _meta, not structuredContent: the SDK's client checks
 * structuredContent against the tool's output schema even when isError is set.
 */
export function toolError(err: LimbicError): CallToolResult {
  const info: ToolErrorInfo = {
    code: err.code,
    message: err.message,
    ...(err.details.field ? { field: err.details.field } : {}),
    ...(err.details.retryAfterMs !== undefined ? { retryAfterMs: err.details.retryAfterMs } : {}),
  };
  return { isError: true, content: [{ type: 'text', text: `${err.code}: ${err.message}` }], _meta: { [ERROR_META_KEY]: info } };
}

/** Runs a tool body; a LimbicError becomes a tool error, anything else is left to the SDK (a tool error with its message). */
export async function runTool(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof LimbicError) return toolError(err);
    throw err;
  }
}

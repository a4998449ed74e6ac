import { ApiError, type ApiErrorCode } from '../../common/api-error';

/** An ApiError whose REST status differs from its code's default (409, 413). */
export class HttpStatusApiError extends ApiError {
  constructor(
    readonly httpStatus: number,
    code: ApiErrorCode,
    message: string,
    field?: string,
  ) {
    super(code, message, field);
    this.name = 'HttpStatusApiError';
  }
}

/** Import never merges into an existing agent: the caller picks a new id. */
export const agentExists = (id: string): ApiError =>
  new HttpStatusApiError(409, 'BAD_USER_INPUT', `agent ${id} already exists; import into a new agent id`, 'id');

export const bodyTooLarge = (limit: number): ApiError =>
  new HttpStatusApiError(413, 'BAD_USER_INPUT', `body: the import is larger than the limit of ${limit} bytes`, 'body');

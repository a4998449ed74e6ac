import { ApiError, HttpStatusApiError } from '../../common/api-error';

/** Import never merges into an existing agent: the caller picks a new id. */
export const agentExists = (id: string): ApiError =>
  new HttpStatusApiError(409, 'BAD_USER_INPUT', `agent ${id} already exists; import into a new agent id`, 'id');

export const bodyTooLarge = (limit: number): ApiError =>
  new HttpStatusApiError(413, 'BAD_USER_INPUT', `body: the import is larger than the limit of ${limit} bytes`, 'body');

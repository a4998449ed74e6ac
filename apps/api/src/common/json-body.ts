import { json, type ErrorRequestHandler, type RequestHandler } from 'express';

/**
 * The API's JSON body parser, at LIMBIC_MAX_REQUEST_BYTES (Nest's own, disabled in main.ts,
 * stopped at 100 KB: a 500-item encodeBatch of 300-byte memories did not fit), and what a
 * refused body gets back: a GraphQL-shaped error (`errors[].extensions.code`) instead of Nest's
 * bare `{"statusCode":413}`, so clients read every failure the same way. The parser stops
 * reading at the limit; the connection is closed after the answer, so a client still sending
 * the rest of a huge body is cut off instead of being read to the end.
 */
export function jsonBody(maxBytes: number): { parse: RequestHandler; refuse: ErrorRequestHandler } {
  return {
    parse: json({ limit: maxBytes }),
    refuse: (err: unknown, _req, res, next) => {
      const type = (err as { type?: unknown } | null)?.type;
      if (type === 'entity.too.large') {
        res.status(413).setHeader('connection', 'close');
        res.json({ errors: [{ message: `the request body is larger than the limit of ${maxBytes} bytes (LIMBIC_MAX_REQUEST_BYTES)`, extensions: { code: 'BAD_USER_INPUT' } }] });
        return;
      }
      if (type === 'entity.parse.failed' || type === 'encoding.unsupported' || type === 'charset.unsupported') {
        res.status(400).json({ errors: [{ message: 'the request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
        return;
      }
      next(err);
    },
  };
}

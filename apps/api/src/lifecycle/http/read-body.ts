import type { Request } from 'express';
import { badInput } from '../../common/api-error';
import { bodyTooLarge } from '../exceptions/lifecycle.errors';

/**
 * The raw request body as UTF-8, refused past `maxBytes` without reading further. JSON and
 * form bodies are consumed by Nest's parsers before we see them, so those content types are
 * turned away with a hint.
 */
export async function readBody(req: Request, maxBytes: number): Promise<string> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/json') || type.startsWith('application/x-www-form-urlencoded')) {
    throw badInput('body', 'send the export as application/x-ndjson');
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw bodyTooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > maxBytes) throw bodyTooLarge(maxBytes);
    chunks.push(buf);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw badInput('body', 'is not valid UTF-8');
  }
}
